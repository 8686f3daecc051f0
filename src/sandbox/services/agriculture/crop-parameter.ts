import { parseCrop, SUPPORTED_CROPS, type Crop } from './crops';
import { AGRICULTURE_ERROR_CODES as CODES } from './errors';
import { RejectedRequest } from '../../kit/types';
import { isMissing } from './loccodes';

export interface SubmittedCrop {
  /** As the caller spelled it (spec: pests echoes the crop "as submitted"). */
  submitted: string;
  crop: Crop;
}

const SUPPORTED_LIST = SUPPORTED_CROPS.join(', ');

/**
 * Pests' optional `crop` (spec rules 1 and 2): absent gives the location overview;
 * present but empty is 400 CROP_REQUIRED; not a supported name is 400 INVALID_CROP.
 */
export function optionalPestCrop(query: URLSearchParams): SubmittedCrop | undefined {
  const submitted = query.get('crop');
  if (submitted === null) return undefined;
  if (isMissing(submitted)) {
    throw new RejectedRequest(
      400,
      CODES.cropRequired,
      "The crop parameter is empty. Give a crop name such as 'maize', or leave crop out for the location overview.",
      'crop',
    );
  }
  return { submitted, crop: knownCrop(submitted, CODES.invalidCrop) };
}

/** Yield's `crop` (spec rule 3): missing or empty is 400 CROP_REQUIRED; unsupported is 400 UNSUPPORTED_CROP. */
export function requiredYieldCrop(query: URLSearchParams): Crop {
  const submitted = query.get('crop');
  if (submitted === null || isMissing(submitted)) {
    throw new RejectedRequest(
      400,
      CODES.cropRequired,
      "The crop query parameter is required. Give a crop name such as 'maize'.",
      'crop',
    );
  }
  return knownCrop(submitted, CODES.unsupportedCrop);
}

function knownCrop(submitted: string, unknownCode: string): Crop {
  const crop = parseCrop(submitted);
  if (!crop) {
    throw new RejectedRequest(
      400,
      unknownCode,
      `'${submitted}' is not a supported crop. Use one of: ${SUPPORTED_LIST} (any letter case).`,
      'crop',
    );
  }
  return crop;
}
