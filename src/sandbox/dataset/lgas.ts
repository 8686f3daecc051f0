import { all as allStatesAndLgas } from 'nigerian-states-and-lgas';

/**
 * Slips in the `nigerian-states-and-lgas` list (774 LGAs with the right count per
 * state, unlike the alternatives), mended to the official names.
 */
const STATE_NAME_FIXES: Record<string, string> = { Kastina: 'Katsina' };
const LGA_NAME_FIXES: Record<string, string> = {
  Fufure: 'Fufore',
  'Ekere/Ekeremor': 'Ekeremor',
  'Sagba/Sagbama': 'Sagbama',
  'Shaga/Shagamu': 'Sagamu',
  'Obafemi/Obafemi Owode': 'Obafemi Owode',
  'Ganju/Ganjuwa': 'Ganjuwa',
  'Goron/Goronyo': 'Goronyo',
  'Maiya/Maiyama': 'Maiyama',
  'Sanda/Sandamu': 'Sandamu',
};

/** LGA names by state name, in the package's order. */
export function lgaNamesByState(): Map<string, string[]> {
  const byState = new Map<string, string[]>();
  for (const { state, lgas } of allStatesAndLgas()) {
    byState.set(
      STATE_NAME_FIXES[state] ?? state,
      lgas.map((lga) => LGA_NAME_FIXES[lga] ?? lga),
    );
  }
  return byState;
}
