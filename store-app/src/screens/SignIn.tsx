// Sign-in: the phone number, then the 6-digit code the server sends to it (resend after a wait);
// a number that owns several stores chooses one. Each refusal is shown next to what caused it.
import type { StoreChoice, StoreLoginResult } from '@lbo/contract/store';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, call } from '../lib/api';
import { useLang } from '../lib/i18n';
import { saveSession } from '../lib/session';
import { ErrorBox, FieldError } from '../ui';

/** Seconds before another code may be asked for (the server allows 3 per number per 15 minutes). */
export const RESEND_WAIT_S = 60;

export function SignIn() {
  const { t } = useLang();
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [resent, setResent] = useState(false);
  const [stores, setStores] = useState<StoreChoice[] | null>(null);

  // From a deadline, not a count of ticks: a phone that slept (or throttled the page) still
  // offers the resend on time.
  const wait = Math.max(0, Math.ceil((resendAt - now) / 1000));
  useEffect(() => {
    if (resendAt <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [resendAt]);

  const requestCode = async (again: boolean) => {
    setBusy(true);
    setError(null);
    setResent(false);
    try {
      await call<{ sent: boolean; expires_in: number }>('POST', '/store/auth/otp', {
        body: { phone_number: phone },
        auth: false,
      });
      setStep('code');
      setResendAt(Date.now() + RESEND_WAIT_S * 1000);
      setNow(Date.now());
      setResent(again);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const signIn = async (customerId?: number) => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await call<StoreLoginResult>('POST', '/store/auth', {
        body: { phone_number: phone, code, ...(customerId ? { customer_id: customerId } : {}) },
        auth: false,
      });
      saveSession(data);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && Array.isArray(e.body.stores)) {
        setStores(e.body.stores as StoreChoice[]);
      } else setError(e);
      setBusy(false);
    }
  };

  const onPhone = (e: FormEvent) => {
    e.preventDefault();
    void requestCode(false);
  };
  const onCode = (e: FormEvent) => {
    e.preventDefault();
    void signIn();
  };
  const fields = step === 'phone' ? ['phone_number'] : ['phone_number', 'code'];

  return (
    <main className="screen signin">
      <img className="brand" src="/app/icons/icon-192.png" alt="" width="72" height="72" />
      <h1>{t('signin_title')}</h1>
      {step === 'phone' ? (
        <form onSubmit={onPhone} noValidate>
          <p>{t('signin_intro')}</p>
          <label htmlFor="phone">{t('phone_label')}</label>
          <input
            id="phone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={t('phone_hint')}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            aria-describedby="phone-error"
            required
          />
          <FieldError error={error} field="phone_number" id="phone-error" />
          <ErrorBox error={error} fields={fields} />
          <button type="submit" className="btn btn-primary" disabled={busy || phone.trim() === ''}>
            {t('send_code')}
          </button>
        </form>
      ) : (
        <form onSubmit={onCode} noValidate>
          <p>{resent ? t('resent') : t('code_sent', { phone })}</p>
          <label htmlFor="code">{t('code_label')}</label>
          <input
            id="code"
            name="code"
            className="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            aria-describedby="code-error"
            required
          />
          <FieldError error={error} field="code" id="code-error" />
          <FieldError error={error} field="phone_number" id="phone-error" />
          <ErrorBox error={error} fields={fields} />
          {stores ? (
            <fieldset className="choices">
              <legend>{t('choose_store')}</legend>
              {stores.map((s) => (
                <button
                  key={s.customer_id}
                  type="button"
                  className="btn btn-secondary"
                  disabled={busy}
                  onClick={() => void signIn(s.customer_id)}
                >
                  {s.customer_name} ({s.customer_code})
                </button>
              ))}
            </fieldset>
          ) : (
            <button type="submit" className="btn btn-primary" disabled={busy || code.length !== 6}>
              {t('signin_button')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy || wait > 0}
            onClick={() => void requestCode(true)}
          >
            {wait > 0 ? t('resend_in', { s: wait }) : t('resend')}
          </button>
          <button
            type="button"
            className="btn btn-link"
            onClick={() => {
              setStep('phone');
              setCode('');
              setStores(null);
              setError(null);
            }}
          >
            {t('change_phone')}
          </button>
        </form>
      )}
    </main>
  );
}
