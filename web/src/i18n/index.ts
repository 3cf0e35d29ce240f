// i18next set-up: Indonesian by default, English on request. Messages come in two parts per
// language, each its own chunk: the core (sign-in, errors, validation) loads with the app; the
// labels of the signed-in screens load with the first such screen. The sign-in screen itself
// needs no i18next: it reads the core messages through i18n/core.ts, which this module keeps in
// step with i18next's language.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  coreLoaders,
  LANG_KEY,
  type Language,
  setCoreLanguage,
  storedLanguage,
  takeOverLanguageSwitch,
} from './core';
import type { Messages } from './en';
import type { AppMessages } from './en.app';

export { LANG_KEY, LANGUAGES, type Language, storedLanguage } from './core';

const appLoaders: Record<Language, () => Promise<AppMessages>> = {
  id: () => import('./id.app').then((m) => m.messages),
  en: () => import('./en.app').then((m) => m.messages),
};

let appWanted = false;
// The router starts loading the first route's code (and so may ask for the app messages) while
// main.tsx is still waiting for the core messages: everything below waits for init.
let markReady: () => void = () => {};
const ready = new Promise<void>((r) => {
  markReady = r;
});
const appLoaded = new Set<Language>();

const current = (): Language => (i18n.language === 'en' ? 'en' : 'id');

const FIELD_KEY = /^resources\.[^.]+\.fields\.([^.]+)$/;

/**
 * Field labels are written once, in the shared `fields.<field>`; `resources.<name>.fields.<field>`
 * only where a screen words a field its own way. A missing per-resource label falls back here, for
 * every lookup (components/resource/field-label.ts is the helper the screens use).
 */
function sharedFieldLabel(key: string, defaultValue: string | undefined, opts?: { lng?: string }): string {
  const m = FIELD_KEY.exec(key);
  // In the language asked for (a fixed t may name one other than the current).
  const lng = opts?.lng;
  if (m && i18n.exists(`fields.${m[1]}`, { lng })) return i18n.t(`fields.${m[1]}`, { lng });
  return defaultValue ?? key;
}

type Tree = { [key: string]: unknown };
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `incoming` over `existing`, as i18next's deep merge would give, without touching either: only the
 * keys both hold are merged (new objects), every other subtree is shared as it is. The bundles are
 * module constants that nothing changes, so i18next need not copy them (`skipCopy`) nor walk every
 * key of the signed-in screens' labels to merge them (a JSON copy and a deep walk of some
 * two thousand labels on every first screen).
 */
export function mergeMessages(existing: Tree, incoming: Tree): Tree {
  const out: Tree = { ...existing, ...incoming };
  for (const key of Object.keys(incoming)) {
    const a = existing[key];
    const b = incoming[key];
    if (isTree(a) && isTree(b)) out[key] = mergeMessages(a, b);
  }
  return out;
}

/** i18next's addResourceBundle with its options argument (missing from its typings). */
type WithBundleOptions = {
  addResourceBundle(
    lng: string,
    ns: string,
    resources: Tree,
    deep: boolean,
    overwrite: boolean,
    options: { silent: boolean; skipCopy: boolean },
  ): void;
};

/** Adds `messages` to language `lng`'s labels (mergeMessages). */
function addMessages(lng: Language, messages: Tree) {
  const existing = (i18n.getResourceBundle(lng, 'translation') as Tree | undefined) ?? {};
  (i18n as unknown as WithBundleOptions).addResourceBundle(
    lng,
    'translation',
    mergeMessages(existing, messages),
    false,
    true,
    { silent: false, skipCopy: true },
  );
}

/** Initialises i18next with already loaded messages (tests, and the async init below). */
export function initI18nWith(lng: Language, messages: Messages | Record<string, unknown>) {
  if (!i18n.isInitialized) {
    i18n.use(initReactI18next).init({
      lng,
      resources: { [lng]: { translation: messages } },
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      showSupportNotice: false,
      parseMissingKeyHandler: sharedFieldLabel,
    });
  } else {
    addMessages(lng, messages);
    i18n.changeLanguage(lng);
  }
  if ('resources' in messages) appLoaded.add(lng);
  setCoreLanguage(lng, messages);
  takeOverLanguageSwitch(changeLanguage);
  markReady();
  return i18n;
}

export async function initI18n(): Promise<typeof i18n> {
  const lng = storedLanguage();
  return initI18nWith(lng, await coreLoaders[lng]());
}

async function loadApp(lng: Language) {
  if (appLoaded.has(lng)) return;
  addMessages(lng, await appLoaders[lng]());
  appLoaded.add(lng);
}

/** Loads the signed-in screens' labels (call before showing such a screen). */
export async function ensureAppMessages(): Promise<void> {
  appWanted = true;
  // Start the download now (the stored language is the one init will pick), not after init.
  if (!i18n.isInitialized) void appLoaders[storedLanguage()]().catch(() => {});
  await ready;
  await loadApp(current());
}

export async function changeLanguage(lng: Language): Promise<void> {
  await ready;
  const core = await coreLoaders[lng]();
  if (!i18n.hasResourceBundle(lng, 'translation')) {
    addMessages(lng, core);
  }
  if (appWanted) await loadApp(lng);
  await i18n.changeLanguage(lng);
  try {
    localStorage.setItem(LANG_KEY, lng);
  } catch {
    /* storage unavailable */
  }
  setCoreLanguage(lng, core);
}

export { i18n };
