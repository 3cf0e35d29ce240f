// The app's frame: the language, the session (signed out: the sign-in screen), the header, the
// bottom navigation with the inbox's unread badge, and the screens. Only the home is in the first
// script; every other screen loads when first opened.
import type { PageMeta } from '@lbo/contract/common';
import type { StoreInboxRow } from '@lbo/contract/store';
import {
  Component,
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { setApiLanguage } from './lib/api';
import { PATHS, useResource } from './lib/data';
import { LANG_KEY, type Lang, LangContext, storedLang, translator, useLang } from './lib/i18n';
import { href, linkClick, usePath } from './lib/router';
import { getSession, subscribeSession } from './lib/session';
import { Home } from './screens/Home';
import { SignIn } from './screens/SignIn';
import { Loading } from './ui';

const screens: Record<string, ComponentType> = {
  '/coupons': lazy(() => import('./screens/Coupons')),
  '/inbox': lazy(() => import('./screens/Inbox')),
  '/account': lazy(() => import('./screens/Account')),
  '/profile': lazy(() => import('./screens/Profile')),
  '/promos': lazy(() => import('./screens/Promos')),
  '/targets': lazy(() => import('./screens/Targets')),
  '/photos': lazy(() => import('./screens/Photos')),
};

/** A screen whose script cannot be loaded (offline before it was ever opened) says so. */
class ScreenBoundary extends Component<
  { children: ReactNode; message: string; retry: string },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="screen">
        <div className="error" role="alert">
          <p>{this.props.message}</p>
          <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
            {this.props.retry}
          </button>
        </div>
      </main>
    );
  }
}

/** The navigation's pictures (24 px outlines): a word alone is hard to find at a glance. */
const ICONS = {
  home: 'M3 11l9-8 9 8v10h-6v-6H9v6H3z',
  coupons: 'M3 6h18v4a2 2 0 000 4v4H3v-4a2 2 0 000-4zM14 6v12',
  inbox: 'M3 5h18v14H3zM3 6l9 7 9-7',
  photos: 'M3 8h4l2-3h6l2 3h4v11H3zM12 16.5a3.5 3.5 0 100-7 3.5 3.5 0 000 7z',
  account: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c0-4 4-6 8-6s8 2 8 6',
};

function NavLink({
  path,
  label,
  icon,
  badge,
  also = [],
}: {
  path: string;
  label: string;
  icon: keyof typeof ICONS;
  badge?: ReactNode;
  /** Screens reached from this one: it stays marked there. */
  also?: string[];
}) {
  const current = usePath();
  const active =
    path === '/'
      ? current === '/'
      : [path, ...also].some((p) => current === p || current.startsWith(`${p}/`));
  return (
    <a href={href(path)} onClick={linkClick(path)} aria-current={active ? 'page' : undefined}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d={ICONS[icon]} />
      </svg>
      <span>{label}</span>
      {badge}
    </a>
  );
}

function UnreadBadge() {
  const { t } = useLang();
  const inbox = useResource<StoreInboxRow[], PageMeta & { unread: number }>(PATHS.inbox);
  const unread = inbox.meta?.unread ?? 0;
  if (unread <= 0) return null;
  return (
    <span className="badge" data-testid="unread-badge">
      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
      <span className="sr-only">{t('unread_badge', { n: unread })}</span>
    </span>
  );
}

function LangButton() {
  const { t, lang, setLang } = useLang();
  return (
    <button
      type="button"
      className="lang"
      aria-label={t('lang_switch_label')}
      onClick={() => setLang(lang === 'id' ? 'en' : 'id')}
    >
      {lang === 'id' ? 'EN' : 'ID'}
    </button>
  );
}

function SignedIn() {
  const { t } = useLang();
  const path = usePath();
  const session = getSession();
  const Screen =
    path === '/' ? Home : (Object.entries(screens).find(([p]) => path.startsWith(p))?.[1] ?? Home);
  return (
    <>
      <header className="top">
        <div>
          <strong>{t('app_name')}</strong>
          <span data-testid="store-name">{session?.customer_name}</span>
        </div>
        <LangButton />
      </header>
      <ScreenBoundary key={path} message={t('err_chunk')} retry={t('retry')}>
        <Suspense fallback={<Loading />}>
          <Screen />
        </Suspense>
      </ScreenBoundary>
      <nav className="bottom" aria-label={t('app_name')}>
        <NavLink path="/" icon="home" label={t('nav_home')} />
        <NavLink path="/coupons" icon="coupons" label={t('nav_coupons')} />
        <NavLink path="/inbox" icon="inbox" label={t('nav_inbox')} badge={<UnreadBadge />} />
        <NavLink path="/photos" icon="photos" label={t('nav_photos')} />
        <NavLink
          path="/account"
          icon="account"
          label={t('nav_account')}
          also={['/profile', '/promos', '/targets']}
        />
      </nav>
    </>
  );
}

export function App() {
  const [lang, setLangState] = useState<Lang>(storedLang);
  const signedIn = useSyncExternalStore(subscribeSession, () => getSession() !== null);
  const setLang = useCallback((next: Lang) => {
    localStorage.setItem(LANG_KEY, next);
    setLangState(next);
  }, []);
  const state = useMemo(() => {
    setApiLanguage(lang);
    document.documentElement.lang = lang;
    return { lang, t: translator(lang), setLang };
  }, [lang, setLang]);
  return (
    <LangContext.Provider value={state}>
      {signedIn ? (
        <SignedIn />
      ) : (
        <>
          <header className="top">
            <strong>{state.t('app_name')}</strong>
            <LangButton />
          </header>
          <SignIn />
        </>
      )}
    </LangContext.Provider>
  );
}
