/** The app's version, from store-app/package.json (vite.config.ts `define`); sent as X-App-Version. */
declare const __APP_VERSION__: string;
