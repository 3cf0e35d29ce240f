// The few shared pieces every screen uses: an error said in the store's language with a way to try
// again, the offline notice, a waiting line that always ends (calls have a time limit), a dialog.
import { type ReactNode, useEffect, useRef } from 'react';
import { ApiError } from './lib/api';
import { formatDateTime, type T, useLang } from './lib/i18n';

/** What to tell the store about a failed call: the server's own words when it answered. */
export function errorMessages(t: T, e: unknown, fields: string[] = []): string[] {
  if (!(e instanceof ApiError)) return [t('err_server')];
  if (e.code === 'TIMEOUT') return [t('err_timeout')];
  if (e.status === 0) return [t('err_network')];
  const own = e.general(fields);
  if (own.length > 0) return own;
  if (e.details.length > 0) return [];
  return [t('err_server')];
}

export function ErrorBox({
  error,
  onRetry,
  fields,
}: {
  error: unknown;
  onRetry?: () => void;
  fields?: string[];
}) {
  const { t } = useLang();
  if (error === null || error === undefined) return null;
  const messages = errorMessages(t, error, fields);
  if (messages.length === 0) return null;
  return (
    <div className="error" role="alert">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
      {onRetry && (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}

/** The messages of `error` about one form field, shown under it. */
export function FieldError({ error, field, id }: { error: unknown; field: string; id: string }) {
  if (!(error instanceof ApiError)) return null;
  // The server names the field in its wording ("phone_number: must be ..."): under the field itself
  // that name is noise.
  const messages = error.forField(field).map((m) => m.replace(`${field}: `, ''));
  if (messages.length === 0) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {messages.join(' ')}
    </p>
  );
}

export function OfflineNotice({ savedAt }: { savedAt?: string }) {
  const { t, lang } = useLang();
  if (!savedAt) return null;
  return (
    <p className="offline" role="status" data-testid="offline-notice">
      {t('offline_notice', { when: formatDateTime(lang, savedAt) })}
    </p>
  );
}

export function Loading() {
  const { t } = useLang();
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {t('loading')}
    </p>
  );
}

/** What a screen shows for one resource: the data, else the wait, else the error with a retry. */
export function Loaded<D>({
  state,
  children,
}: {
  state: { data?: D; error?: unknown; loading: boolean; reload: () => void };
  children: (data: D) => ReactNode;
}) {
  if (state.data !== undefined) {
    return (
      <>
        {state.error ? <ErrorBox error={state.error} onRetry={state.reload} /> : null}
        {children(state.data)}
      </>
    );
  }
  if (state.error) return <ErrorBox error={state.error} onRetry={state.reload} />;
  return <Loading />;
}

export function Dialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="overlay">
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="dialog-title"
        ref={ref}
        tabIndex={-1}
      >
        <h2 id="dialog-title">{title}</h2>
        {children}
      </div>
    </div>
  );
}

export function Progress({ value, max, label }: { value: number; max: number; label: string }) {
  const pct = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
    >
      <div className={pct >= 100 ? 'progress-bar full' : 'progress-bar'} style={{ width: `${pct}%` }} />
    </div>
  );
}
