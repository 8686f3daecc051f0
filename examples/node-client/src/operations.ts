import { graphql } from './gql';

/** One loccode across every domain: the question the gateway exists to answer in one round trip. */
export const LoccodeAcrossDomains = graphql(`
  query LoccodeAcrossDomains($code: String!, $crop: Crop!) {
    loccode(code: $code) {
      code
      street {
        name
        lga
        state
        lengthMeters
      }
      address {
        streetName
        addresses
      }
      climate {
        airTemperatureCelsius
        relativeHumidityPercent
        interpretation {
          overallOutlook
        }
      }
      pests(crop: $crop) {
        __typename
        ... on PestProfile {
          riskLevel
          dominantPests
        }
      }
      cropYield(crop: $crop) {
        tonnesPerHectare
        summary
      }
      facilities(level: PRIMARY, limit: 3) {
        count
        facilities {
          name
          distanceKm
        }
      }
    }
  }
`);

/** The `PestReport` union: a `PestProfile` with a crop, a `PestOverview` without. */
export const PestReport = graphql(`
  query PestReport($code: String!, $crop: Crop) {
    loccode(code: $code) {
      pests(crop: $crop) {
        __typename
        ... on PestProfile {
          crop
          riskLevel
          recommendedAction
        }
        ... on PestOverview {
          state
          riskLevel
          cropsAtRisk
        }
      }
    }
  }
`);
