import {
  glyphsUrl,
  spriteUrl,
  styleUrl,
  tileJsonUrl,
  tileUrlTemplate,
  WORDMARK_DEFAULT_POSITION,
  WORDMARK_POSITIONS,
  wordmarkManifestUrl,
} from '../../datasources/maps/display';
import { badUserInput } from '../../src/kernel/errors';
import type { Resolvers } from '../../src/graph/generated/graphql';

/** `mapDisplay` and its wordmark: gateway URLs built from the request's public origin. */
export const displayResolvers: Resolvers = {
  MapDisplay: {
    styleUrl: (display, { family }) => {
      if (family.trim() === '')
        throw badUserInput('"family" must not be blank; `streets` is the default.', 'family');
      return styleUrl(display, family);
    },
    tileJsonUrl: ({ origin }) => tileJsonUrl(origin),
    tileUrlTemplate: ({ origin }) => tileUrlTemplate(origin),
    spriteUrl: ({ origin }) => spriteUrl(origin),
    glyphsUrl: ({ origin }) => glyphsUrl(origin),
    wordmark: ({ origin }) => ({ origin }),
  },
  Wordmark: {
    defaultPosition: () => WORDMARK_DEFAULT_POSITION,
    allowedPositions: () => [...WORDMARK_POSITIONS],
    removable: () => false,
    manifestUrl: ({ origin }) => wordmarkManifestUrl(origin),
    manifest: ({ origin }, _, { loaders }) => loaders.maps.wordmarkManifest.load(origin),
  },
};
