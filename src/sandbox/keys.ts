/**
 * The sandbox's fixed, documented API keys. They open nothing but the sandbox;
 * tests still check that the gateway never lets them out.
 */
export const SANDBOX_KEYS = {
  agriculture: 'agk_sandbox_5e1f7c9a2b4d80e3',
  /** A TEST maps key (`mk_test_`); `mapsLive` is the LIVE one, with its own rate limits. */
  maps: 'mk_test_sandbox_7d3a91c2e4f6b5a0',
  mapsLive: 'mk_live_sandbox_4b8e20f61a3c9d72',
  healthcare: 'hlk_sandbox_9c2e6a1f3d7b0c48',
  address: 'adk_sandbox_3f8b2d6e1a9c5e17',
} as const;
