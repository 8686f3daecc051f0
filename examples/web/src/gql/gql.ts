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
    "\n  query LoccodePanel($code: String!) {\n    mapDisplay {\n      styleUrl\n      wordmark {\n        manifest\n      }\n    }\n    loccode(code: $code) {\n      code\n      street {\n        name\n        lga\n        state\n        geometry {\n          coordinates {\n            latitude\n            longitude\n          }\n        }\n      }\n      climate {\n        state\n        city\n        airTemperatureCelsius\n        relativeHumidityPercent\n        precipitationMm\n        interpretation {\n          overallOutlook\n          outlookSummary\n        }\n      }\n      pests {\n        __typename\n        ... on PestOverview {\n          riskLevel\n          dominantPests\n          seasonalAlert\n        }\n      }\n      emergency {\n        nearestFacilities {\n          name\n          category\n          distanceKm\n          location {\n            latitude\n            longitude\n          }\n        }\n      }\n    }\n  }\n": typeof types.LoccodePanelDocument,
};
const documents: Documents = {
    "\n  query LoccodePanel($code: String!) {\n    mapDisplay {\n      styleUrl\n      wordmark {\n        manifest\n      }\n    }\n    loccode(code: $code) {\n      code\n      street {\n        name\n        lga\n        state\n        geometry {\n          coordinates {\n            latitude\n            longitude\n          }\n        }\n      }\n      climate {\n        state\n        city\n        airTemperatureCelsius\n        relativeHumidityPercent\n        precipitationMm\n        interpretation {\n          overallOutlook\n          outlookSummary\n        }\n      }\n      pests {\n        __typename\n        ... on PestOverview {\n          riskLevel\n          dominantPests\n          seasonalAlert\n        }\n      }\n      emergency {\n        nearestFacilities {\n          name\n          category\n          distanceKm\n          location {\n            latitude\n            longitude\n          }\n        }\n      }\n    }\n  }\n": types.LoccodePanelDocument,
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
export function graphql(source: "\n  query LoccodePanel($code: String!) {\n    mapDisplay {\n      styleUrl\n      wordmark {\n        manifest\n      }\n    }\n    loccode(code: $code) {\n      code\n      street {\n        name\n        lga\n        state\n        geometry {\n          coordinates {\n            latitude\n            longitude\n          }\n        }\n      }\n      climate {\n        state\n        city\n        airTemperatureCelsius\n        relativeHumidityPercent\n        precipitationMm\n        interpretation {\n          overallOutlook\n          outlookSummary\n        }\n      }\n      pests {\n        __typename\n        ... on PestOverview {\n          riskLevel\n          dominantPests\n          seasonalAlert\n        }\n      }\n      emergency {\n        nearestFacilities {\n          name\n          category\n          distanceKm\n          location {\n            latitude\n            longitude\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query LoccodePanel($code: String!) {\n    mapDisplay {\n      styleUrl\n      wordmark {\n        manifest\n      }\n    }\n    loccode(code: $code) {\n      code\n      street {\n        name\n        lga\n        state\n        geometry {\n          coordinates {\n            latitude\n            longitude\n          }\n        }\n      }\n      climate {\n        state\n        city\n        airTemperatureCelsius\n        relativeHumidityPercent\n        precipitationMm\n        interpretation {\n          overallOutlook\n          outlookSummary\n        }\n      }\n      pests {\n        __typename\n        ... on PestOverview {\n          riskLevel\n          dominantPests\n          seasonalAlert\n        }\n      }\n      emergency {\n        nearestFacilities {\n          name\n          category\n          distanceKm\n          location {\n            latitude\n            longitude\n          }\n        }\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;