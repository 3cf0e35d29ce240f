// Signing out ends the session on the server when it can be reached, and on the phone always:
// the session, the screens' data and what the service worker kept for offline use (clearSession).
import { call } from './api';
import { clearData } from './data';
import { navigate } from './router';
import { clearSession, getSession } from './session';

export async function signOut(): Promise<void> {
  const session = getSession();
  if (session) {
    try {
      await call('POST', '/store/auth/logout', {
        body: { refresh_token: session.refresh_token },
        timeoutMs: 5000,
      });
    } catch {
      // Offline or already ended: the phone forgets the session all the same.
    }
  }
  clearData();
  navigate('/', true);
  clearSession();
}
