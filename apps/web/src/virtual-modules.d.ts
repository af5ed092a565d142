/// <reference types="vite-plugin-pwa/client" />

/** The shared message catalogue for one language, made at build time (apps/web/build/messages-plugin.ts). */
declare module 'virtual:funkis-messages/*' {
  /** group → name → text with i18next placeholders (`{{max}}`). */
  export const texts: Record<string, Record<string, string>>;
  /** key → the parameters a schema fixes (a maximum length). */
  export const params: Record<string, Record<string, string | number>>;
}
