// The chosen language and the core messages (sign-in, errors, validation: i18n/id.ts, i18n/en.ts)
// without i18next: the sign-in screen renders with these before the rest of the app (router,
// i18next) has loaded. Once i18next is up (i18n/index.ts), it keeps this store in step and takes
// over switching languages, so both always show the same language.
import { useSyncExternalStore } from 'react';
import type { Messages } from './en';

export const LANGUAGES = ['id', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANG_KEY = 'lbo_lang';

export const coreLoaders: Record<Language, () => Promise<Messages>> = {
  id: () => import('./id').then((m) => m.messages),
  en: () => import('./en').then((m) => m.messages),
};

export function storedLanguage(): Language {
  try {
    const v = localStorage.getItem(LANG_KEY);
    return v === 'en' || v === 'id' ? v : 'id';
  } catch {
    return 'id';
  }
}

export function applyDocumentLanguage(lng: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

type State = { lng: Language; messages: Record<string, unknown> | null };
let state: State = { lng: storedLanguage(), messages: null };
const listeners = new Set<() => void>();

/** Sets the language shown and its messages (i18n/index.ts calls this on every change too). */
export function setCoreLanguage(lng: Language, messages: Messages | Record<string, unknown>): void {
  state = { lng, messages: messages as Record<string, unknown> };
  applyDocumentLanguage(lng);
  for (const l of listeners) l();
}

/** Loads the stored language's core messages (once) and shows them. */
export async function loadCoreLanguage(): Promise<void> {
  if (state.messages) return;
  const lng = storedLanguage();
  setCoreLanguage(lng, await coreLoaders[lng]());
}

function lookup(messages: Record<string, unknown> | null, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The core message under `key` ({{name}} filled from `values`), or the key itself. */
export function coreText(key: string, values?: Record<string, string | number>): string {
  const found = lookup(state.messages, key);
  if (typeof found !== 'string') return key;
  return values ? found.replace(/\{\{(\w+)\}\}/g, (m, name: string) => String(values[name] ?? m)) : found;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => state;

/** The current language and a translate function for the core messages; re-renders on a switch. */
export function useCoreText(): { lng: Language; t: Translate } {
  const { lng } = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { lng, t: coreText };
}

let fullSwitch: ((lng: Language) => Promise<void>) | null = null;

/** i18n/index.ts hands over its own switch (which also loads the signed-in screens' labels). */
export function takeOverLanguageSwitch(change: (lng: Language) => Promise<void>): void {
  fullSwitch = change;
}

/** Switches the language and remembers the choice. */
export async function switchLanguage(lng: Language): Promise<void> {
  if (fullSwitch) return fullSwitch(lng);
  const messages = await coreLoaders[lng]();
  try {
    localStorage.setItem(LANG_KEY, lng);
  } catch {
    /* storage unavailable */
  }
  setCoreLanguage(lng, messages);
}
