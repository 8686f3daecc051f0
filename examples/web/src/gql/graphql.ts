/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** The overall farming outlook the agriculture service gives for current conditions. */
export type ClimateOutlook =
  /** Something needs action now, or several things need watching. */
  | 'CHALLENGING'
  /** Conditions are good for field work. */
  | 'FAVOURABLE'
  /** One or two things need watching. */
  | 'MODERATE';

/** How likely pests and diseases are to cause damage. */
export type PestRiskLevel =
  /** Heavy pest pressure likely; act now. */
  | 'HIGH'
  /** Little pest pressure expected. */
  | 'LOW'
  /** Some pest pressure; scout the fields. */
  | 'MEDIUM';

export type LoccodePanelQueryVariables = Exact<{
  code: string;
}>;


export type LoccodePanelQuery = { mapDisplay: { styleUrl: string, wordmark: { manifest: unknown } } | null, loccode: { code: string, street: { name: string, lga: string, state: string, geometry: { coordinates: Array<{ latitude: number, longitude: number }> } } | null, climate: { state: string | null, city: string | null, airTemperatureCelsius: number | null, relativeHumidityPercent: number | null, precipitationMm: number | null, interpretation: { overallOutlook: ClimateOutlook | null, outlookSummary: string | null } | null } | null, pests:
      | { __typename: 'PestOverview', riskLevel: PestRiskLevel | null, dominantPests: Array<string>, seasonalAlert: string | null }
      | { __typename: 'PestProfile' }
     | null, emergency: { nearestFacilities: Array<{ name: string, category: string, distanceKm: number, location: { latitude: number, longitude: number } }> } | null } | null };


export const LoccodePanelDocument = {"__meta__":{"hash":"sha256:3bf7e8914911467b2af53e2a5f30b540f6085218b78a1c755eea22730270deb3"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LoccodePanel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"code"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mapDisplay"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"styleUrl"}},{"kind":"Field","name":{"kind":"Name","value":"wordmark"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"manifest"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"loccode"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"code"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"street"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"lga"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"geometry"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"coordinates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"climate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"airTemperatureCelsius"}},{"kind":"Field","name":{"kind":"Name","value":"relativeHumidityPercent"}},{"kind":"Field","name":{"kind":"Name","value":"precipitationMm"}},{"kind":"Field","name":{"kind":"Name","value":"interpretation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"overallOutlook"}},{"kind":"Field","name":{"kind":"Name","value":"outlookSummary"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pests"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PestOverview"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"riskLevel"}},{"kind":"Field","name":{"kind":"Name","value":"dominantPests"}},{"kind":"Field","name":{"kind":"Name","value":"seasonalAlert"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"emergency"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nearestFacilities"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"distanceKm"}},{"kind":"Field","name":{"kind":"Name","value":"location"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<LoccodePanelQuery, LoccodePanelQueryVariables>;