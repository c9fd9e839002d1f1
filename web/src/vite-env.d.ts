/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The build's id (web/vite.config.ts), shared with the service worker. */
  readonly VITE_STRIDE_BUILD?: string;
}
