// Loaded by index.html beside the app's script (a small file, so it runs first on a slow line): the
// home's three answers are asked for while the app's script is still downloading, which saves a
// round trip after it. src/lib/api.ts takes each answer once, for the same path and token, with the
// headers its own calls send. A file, not an inline script: the server's Content-Security-Policy
// allows scripts from 'self' only.
(() => {
  try {
    const s = JSON.parse(localStorage.getItem('lbo_store_session') || 'null');
    if (!s || typeof s.token !== 'string' || location.pathname.replace(/\/+$/, '') !== '/app') return;
    const headers = {
      Accept: 'application/json',
      'Accept-Language': localStorage.getItem('lbo_store_lang') === 'en' ? 'en' : 'id',
      'X-App-Version': document.documentElement.dataset.appVersion || 'dev',
      Authorization: `Bearer ${s.token}`,
    };
    const early = { token: s.token, answers: {} };
    for (const p of ['/store/me', '/store/feed', '/store/inbox?page=1&limit=30']) {
      early.answers[p] = fetch(`/v1/api${p}`, { headers });
      early.answers[p].catch(() => {});
    }
    window.__lboEarly = early;
  } catch {
    // No storage (a private window) or a damaged session: the app asks for the answers itself.
  }
})();
