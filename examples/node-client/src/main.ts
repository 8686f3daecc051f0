import { execute, type ExecuteOptions } from './execute';
import type { LoccodeAcrossDomainsQuery, PestReportQuery } from './gql/graphql';
import { LoccodeAcrossDomains, PestReport } from './operations';

type Loccode = NonNullable<LoccodeAcrossDomainsQuery['loccode']>;
type PestReportResult = NonNullable<NonNullable<PestReportQuery['loccode']>['pests']>;

export interface ClientReport {
  loccode: Loccode;
  /** With a crop (a `PestProfile`), then without one (a `PestOverview`). */
  pestReports: PestReportResult[];
}

/** Narrowing on `__typename` gives each branch only the fields of its own member type. */
export function describePestReport(report: PestReportResult): string {
  if (report.__typename === 'PestProfile')
    return `${report.crop} pest risk ${report.riskLevel}: ${report.recommendedAction}`;
  return `${report.state} pest risk ${report.riskLevel}; crops at risk: ${report.cropsAtRisk.join(', ') || 'none'}`;
}

function describeLoccode(loccode: Loccode): string[] {
  const { street, climate, cropYield, facilities } = loccode;
  return [
    `${loccode.code}: ${street?.name}, ${street?.lga}, ${street?.state} (${street?.lengthMeters} m)`,
    `climate: ${climate?.airTemperatureCelsius} °C, ${climate?.relativeHumidityPercent} % humidity, outlook ${climate?.interpretation?.overallOutlook}`,
    `yield: ${cropYield?.tonnesPerHectare} t/ha (${cropYield?.summary})`,
    `nearest primary care: ${facilities?.facilities.map((f) => `${f.name} (${f.distanceKm} km)`).join(', ')}`,
  ];
}

/** Runs both operations against `url` for one loccode, prints typed data and returns it. */
export async function main(
  url: string,
  code: string,
  log = console.log,
  options: ExecuteOptions = {},
): Promise<ClientReport> {
  const { loccode } = await execute(url, LoccodeAcrossDomains, { code, crop: 'MAIZE' }, options);
  if (!loccode) throw new Error(`no loccode ${code}`);
  const pestReports: PestReportResult[] = [];
  for (const variables of [{ code, crop: 'MAIZE' as const }, { code }]) {
    const pests = (await execute(url, PestReport, variables, options)).loccode?.pests;
    if (pests) pestReports.push(pests);
  }
  [...describeLoccode(loccode), ...pestReports.map(describePestReport)].forEach((line) => log(line));
  return { loccode, pestReports };
}

if (require.main === module) {
  const url = process.argv[2] ?? process.env.GRAPHQL_URL ?? 'http://localhost:4000/graphql';
  const key = process.env.GRAPHQL_KEY;
  main(url, process.argv[3] ?? 'KN3A 7QP', console.log, {
    byDocumentId: process.env.GRAPHQL_DOCUMENT_IDS === '1',
    ...(key && { headers: { authorization: `Bearer ${key}` } }),
  }).catch((error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
