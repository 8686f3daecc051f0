import { graphql } from './gql';

/**
 * Everything the page shows for one loccode, in one request: the map style to draw on,
 * the street's line, climate, pest risk (the crop-free overview) and the nearest
 * facilities with emergency services (those carry a position; `facilities` does not).
 */
export const LoccodePanel = graphql(`
  query LoccodePanel($code: String!) {
    mapDisplay {
      styleUrl
      wordmark {
        manifest
      }
    }
    loccode(code: $code) {
      code
      street {
        name
        lga
        state
        geometry {
          coordinates {
            latitude
            longitude
          }
        }
      }
      climate {
        state
        city
        airTemperatureCelsius
        relativeHumidityPercent
        precipitationMm
        interpretation {
          overallOutlook
          outlookSummary
        }
      }
      pests {
        __typename
        ... on PestOverview {
          riskLevel
          dominantPests
          seasonalAlert
        }
      }
      emergency {
        nearestFacilities {
          name
          category
          distanceKm
          location {
            latitude
            longitude
          }
        }
      }
    }
  }
`);
