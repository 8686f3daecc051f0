/** The loccode the IDE's first tab asks about: a street code every sandbox service knows. */
export const EXAMPLE_LOCCODE = 'KN3A 7QP';

/** The IDE's first tab: one loccode seen by all four services in one request. */
export const EXAMPLE_QUERY = `# One loccode, four services.
# Ctrl+Enter or ▶ runs it.
query LoccodeOverview {
  loccode(code: "${EXAMPLE_LOCCODE}") {
    code
    climate {
      city
      state
      airTemperatureCelsius
      relativeHumidityPercent
      interpretation {
        overallOutlook
        outlookSummary
      }
    }
    pests(crop: MAIZE) {
      __typename
      ... on PestProfile {
        riskLevel
        dominantPests
        recommendedAction
      }
    }
    cropYield(crop: CASSAVA) {
      tonnesPerHectare
      summary
    }
    facilities(level: SECONDARY, radiusKm: 40, limit: 3) {
      count
      facilities {
        name
        distanceKm
        travelTimeMinutes
      }
    }
    address {
      streetName
      addresses
    }
    street {
      name
      highwayType
      lga
      state
      lengthMeters
    }
  }
}
`;
