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

/** A crop the agriculture service supports for pest reports and yield predictions. */
export type Crop =
  /** Bambara groundnut. */
  | 'BAMBARA_GROUNDNUT'
  /** Cassava (fresh roots). */
  | 'CASSAVA'
  /** Cocoa (fermented, dried beans). */
  | 'COCOA'
  /** Cocoyam (taro and tannia). */
  | 'COCOYAM'
  /** Cowpea (beans). */
  | 'COWPEA'
  /** Groundnut (peanut). */
  | 'GROUNDNUT'
  /** Kola nut. */
  | 'KOLA_NUT'
  /** Maize (grain). */
  | 'MAIZE'
  /** Mango, harvested green. */
  | 'MANGO_GREEN'
  /** Millet (pearl millet). */
  | 'MILLET'
  /** Onion, dried for storage. */
  | 'ONION_DRIED'
  /** Oil palm (fresh fruit bunches). */
  | 'PALM'
  /** Pepper (fresh). */
  | 'PEPPER'
  /** Pineapple. */
  | 'PINEAPPLE'
  /** Plantain. */
  | 'PLANTAIN'
  /** Rice (paddy). */
  | 'RICE'
  /** Rubber, harvested as field latex. */
  | 'RUBBER_LATEX'
  /** Sorghum (guinea corn). */
  | 'SORGHUM'
  /** Tomato (fresh fruit). */
  | 'TOMATO'
  /** Watermelon. */
  | 'WATERMELON'
  /** Yam (tubers). */
  | 'YAM';

/** How likely pests and diseases are to cause damage. */
export type PestRiskLevel =
  /** Heavy pest pressure likely; act now. */
  | 'HIGH'
  /** Little pest pressure expected. */
  | 'LOW'
  /** Some pest pressure; scout the fields. */
  | 'MEDIUM';

export type LoccodeAcrossDomainsQueryVariables = Exact<{
  code: string;
  crop: Crop;
}>;


export type LoccodeAcrossDomainsQuery = { loccode: { code: string, street: { name: string, lga: string, state: string, lengthMeters: number } | null, address: { streetName: string | null, addresses: Array<string> } | null, climate: { airTemperatureCelsius: number | null, relativeHumidityPercent: number | null, interpretation: { overallOutlook: ClimateOutlook | null } | null } | null, pests:
      | { __typename: 'PestOverview' }
      | { __typename: 'PestProfile', riskLevel: PestRiskLevel | null, dominantPests: Array<string> }
     | null, cropYield: { tonnesPerHectare: number | null, summary: string | null } | null, facilities: { count: number, facilities: Array<{ name: string, distanceKm: number }> } | null } | null };

export type PestReportQueryVariables = Exact<{
  code: string;
  crop?: Crop | null | undefined;
}>;


export type PestReportQuery = { loccode: { pests:
      | { __typename: 'PestOverview', state: string | null, riskLevel: PestRiskLevel | null, cropsAtRisk: Array<string> }
      | { __typename: 'PestProfile', crop: Crop | null, riskLevel: PestRiskLevel | null, recommendedAction: string | null }
     | null } | null };


export const LoccodeAcrossDomainsDocument = {"__meta__":{"hash":"sha256:903785b4db5777243e8e1fde8df47bfec98a6d1ed5262781f4c7b7d29cca22e3"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LoccodeAcrossDomains"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"code"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"crop"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Crop"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"loccode"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"code"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"street"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"lga"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"lengthMeters"}}]}},{"kind":"Field","name":{"kind":"Name","value":"address"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"streetName"}},{"kind":"Field","name":{"kind":"Name","value":"addresses"}}]}},{"kind":"Field","name":{"kind":"Name","value":"climate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"airTemperatureCelsius"}},{"kind":"Field","name":{"kind":"Name","value":"relativeHumidityPercent"}},{"kind":"Field","name":{"kind":"Name","value":"interpretation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"overallOutlook"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pests"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"crop"},"value":{"kind":"Variable","name":{"kind":"Name","value":"crop"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PestProfile"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"riskLevel"}},{"kind":"Field","name":{"kind":"Name","value":"dominantPests"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"cropYield"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"crop"},"value":{"kind":"Variable","name":{"kind":"Name","value":"crop"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tonnesPerHectare"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}}]}},{"kind":"Field","name":{"kind":"Name","value":"facilities"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"level"},"value":{"kind":"EnumValue","value":"PRIMARY"}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"3"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"facilities"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"distanceKm"}}]}}]}}]}}]}}]} as unknown as DocumentNode<LoccodeAcrossDomainsQuery, LoccodeAcrossDomainsQueryVariables>;
export const PestReportDocument = {"__meta__":{"hash":"sha256:38df3959754a410252670b7fdee754682c49773274286f58302efc5f84dbc304"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PestReport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"code"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"crop"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Crop"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"loccode"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"code"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pests"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"crop"},"value":{"kind":"Variable","name":{"kind":"Name","value":"crop"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PestProfile"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"crop"}},{"kind":"Field","name":{"kind":"Name","value":"riskLevel"}},{"kind":"Field","name":{"kind":"Name","value":"recommendedAction"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PestOverview"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"riskLevel"}},{"kind":"Field","name":{"kind":"Name","value":"cropsAtRisk"}}]}}]}}]}}]}}]} as unknown as DocumentNode<PestReportQuery, PestReportQueryVariables>;