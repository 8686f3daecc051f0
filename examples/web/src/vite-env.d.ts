/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The gateway's origin the build defaults to (`?gateway=` overrides it). */
  readonly VITE_GATEWAY_URL?: string;
  /** A gateway key the build sends by default (the form's key field overrides it). */
  readonly VITE_GATEWAY_KEY?: string;
}
