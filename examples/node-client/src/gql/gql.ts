/* eslint-disable */
import * as types from './graphql';
import { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query LoccodeAcrossDomains($code: String!, $crop: Crop!) {\n    loccode(code: $code) {\n      code\n      street {\n        name\n        lga\n        state\n        lengthMeters\n      }\n      address {\n        streetName\n        addresses\n      }\n      climate {\n        airTemperatureCelsius\n        relativeHumidityPercent\n        interpretation {\n          overallOutlook\n        }\n      }\n      pests(crop: $crop) {\n        __typename\n        ... on PestProfile {\n          riskLevel\n          dominantPests\n        }\n      }\n      cropYield(crop: $crop) {\n        tonnesPerHectare\n        summary\n      }\n      facilities(level: PRIMARY, limit: 3) {\n        count\n        facilities {\n          name\n          distanceKm\n        }\n      }\n    }\n  }\n": typeof types.LoccodeAcrossDomainsDocument,
    "\n  query PestReport($code: String!, $crop: Crop) {\n    loccode(code: $code) {\n      pests(crop: $crop) {\n        __typename\n        ... on PestProfile {\n          crop\n          riskLevel\n          recommendedAction\n        }\n        ... on PestOverview {\n          state\n          riskLevel\n          cropsAtRisk\n        }\n      }\n    }\n  }\n": typeof types.PestReportDocument,
};
const documents: Documents = {
    "\n  query LoccodeAcrossDomains($code: String!, $crop: Crop!) {\n    loccode(code: $code) {\n      code\n      street {\n        name\n        lga\n        state\n        lengthMeters\n      }\n      address {\n        streetName\n        addresses\n      }\n      climate {\n        airTemperatureCelsius\n        relativeHumidityPercent\n        interpretation {\n          overallOutlook\n        }\n      }\n      pests(crop: $crop) {\n        __typename\n        ... on PestProfile {\n          riskLevel\n          dominantPests\n        }\n      }\n      cropYield(crop: $crop) {\n        tonnesPerHectare\n        summary\n      }\n      facilities(level: PRIMARY, limit: 3) {\n        count\n        facilities {\n          name\n          distanceKm\n        }\n      }\n    }\n  }\n": types.LoccodeAcrossDomainsDocument,
    "\n  query PestReport($code: String!, $crop: Crop) {\n    loccode(code: $code) {\n      pests(crop: $crop) {\n        __typename\n        ... on PestProfile {\n          crop\n          riskLevel\n          recommendedAction\n        }\n        ... on PestOverview {\n          state\n          riskLevel\n          cropsAtRisk\n        }\n      }\n    }\n  }\n": types.PestReportDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LoccodeAcrossDomains($code: String!, $crop: Crop!) {\n    loccode(code: $code) {\n      code\n      street {\n        name\n        lga\n        state\n        lengthMeters\n      }\n      address {\n        streetName\n        addresses\n      }\n      climate {\n        airTemperatureCelsius\n        relativeHumidityPercent\n        interpretation {\n          overallOutlook\n        }\n      }\n      pests(crop: $crop) {\n        __typename\n        ... on PestProfile {\n          riskLevel\n          dominantPests\n        }\n      }\n      cropYield(crop: $crop) {\n        tonnesPerHectare\n        summary\n      }\n      facilities(level: PRIMARY, limit: 3) {\n        count\n        facilities {\n          name\n          distanceKm\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query LoccodeAcrossDomains($code: String!, $crop: Crop!) {\n    loccode(code: $code) {\n      code\n      street {\n        name\n        lga\n        state\n        lengthMeters\n      }\n      address {\n        streetName\n        addresses\n      }\n      climate {\n        airTemperatureCelsius\n        relativeHumidityPercent\n        interpretation {\n          overallOutlook\n        }\n      }\n      pests(crop: $crop) {\n        __typename\n        ... on PestProfile {\n          riskLevel\n          dominantPests\n        }\n      }\n      cropYield(crop: $crop) {\n        tonnesPerHectare\n        summary\n      }\n      facilities(level: PRIMARY, limit: 3) {\n        count\n        facilities {\n          name\n          distanceKm\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PestReport($code: String!, $crop: Crop) {\n    loccode(code: $code) {\n      pests(crop: $crop) {\n        __typename\n        ... on PestProfile {\n          crop\n          riskLevel\n          recommendedAction\n        }\n        ... on PestOverview {\n          state\n          riskLevel\n          cropsAtRisk\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query PestReport($code: String!, $crop: Crop) {\n    loccode(code: $code) {\n      pests(crop: $crop) {\n        __typename\n        ... on PestProfile {\n          crop\n          riskLevel\n          recommendedAction\n        }\n        ... on PestOverview {\n          state\n          riskLevel\n          cropsAtRisk\n        }\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;