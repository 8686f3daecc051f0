/** One reading judged against FAO crop-water and IITA field thresholds for tropical crops. */

/** Topsoil (0–10 cm) water content bands, m³/m³: too dry to sow, low, and waterlogged from. */
export const SOIL_MOISTURE = { dry: 0.12, low: 0.2, waterlogged: 0.38 } as const;

/** How much a reading asks of the farmer: nothing, attention, or action now. */
type Severity = 0 | 1 | 2;

export interface Assessment {
  text: string;
  severity: Severity;
  /** What to do about it, used when this is the most urgent assessment. */
  action: string;
}

/** An assessment: how urgent, what it says, and what to do (nothing, for a reading that asks nothing). */
function judged(severity: Severity, text: string, action = ''): Assessment {
  return { text, severity, action };
}

export function assessTemperature(celsius: number): Assessment {
  const value = `${celsius.toFixed(1)} °C`;
  if (celsius >= 35) {
    return judged(
      2,
      `Very hot (${value}): heat stress is likely for crops and animals.`,
      'Water early in the morning or in the evening and shade young seedlings to limit heat stress.',
    );
  }
  if (celsius >= 30) {
    return judged(
      1,
      `Hot (${value}): crops need more water than usual.`,
      'Mulch beds and check soil moisture daily while the heat lasts.',
    );
  }
  if (celsius >= 20) return judged(0, `Comfortable for most crops (${value}).`);
  return judged(
    1,
    `Cool (${value}): heat-loving crops such as cowpea and millet will grow slowly.`,
    'Delay sowing heat-loving crops until days warm up.',
  );
}

export function assessHumidity(percent: number, harmattan: boolean): Assessment {
  const value = `${percent}%`;
  if (percent >= 85) {
    return judged(
      1,
      `Very humid (${value}): fungal diseases such as leaf spots and blights spread fast.`,
      'Scout for leaf spots and blight and improve air flow between plants.',
    );
  }
  if (percent >= 70) return judged(0, `Humid (${value}): keep an eye on fungal diseases.`);
  if (percent >= 40) return judged(0, `Moderate humidity (${value}): low disease pressure.`);
  if (percent >= 25) {
    return judged(
      1,
      `Dry air (${value}): plants lose water quickly.`,
      'Water more often; plants lose water quickly in dry air.',
    );
  }
  if (harmattan) {
    return judged(
      2,
      `Very dry, dusty harmattan air (${value}): evaporation is very high.`,
      'Irrigate and shelter seedlings from the dry harmattan wind.',
    );
  }
  return judged(
    2,
    `Very dry air (${value}): evaporation is very high.`,
    'Irrigate, and water in the evening when less is lost to evaporation.',
  );
}

export function assessRainfall(millimetres: number, topsoil: number): Assessment {
  const value = `${millimetres.toFixed(1)} mm`;
  if (millimetres === 0) {
    const dry = topsoil < SOIL_MOISTURE.dry;
    return {
      text: dry
        ? `No rain recorded (${value}) and the topsoil is dry: irrigate if crops wilt.`
        : `No rain recorded (${value}); the soil still holds water.`,
      severity: dry ? 1 : 0,
      action: dry ? 'Irrigate crops that show wilting; no rain has fallen and the topsoil is dry.' : '',
    };
  }
  if (millimetres < 10) {
    return judged(0, `Light rain (${value}): helpful, but not enough for thirsty crops.`);
  }
  if (millimetres < 30) return judged(0, `Moderate rain (${value}): good for planting and growth.`);
  if (millimetres < 50) {
    return judged(
      1,
      `Heavy rain (${value}): fertiliser may wash away.`,
      'Check drainage and hold back fertiliser until the heavy rain stops.',
    );
  }
  return judged(
    2,
    `Very heavy rain (${value}): risk of flooding and soil erosion.`,
    'Clear drainage channels now and keep off the fields until flood water drains.',
  );
}

export function assessSoilMoisture(topsoil: number): Assessment {
  const value = `${topsoil.toFixed(3)} m³/m³ at 0–10 cm`;
  if (topsoil < SOIL_MOISTURE.dry) {
    return judged(
      2,
      `Dry soil (${value}): seeds will not germinate without irrigation.`,
      'Do not sow until the soil is wet: irrigate first or wait for steady rain.',
    );
  }
  if (topsoil < SOIL_MOISTURE.low) {
    return judged(
      1,
      `Low soil moisture (${value}): irrigate before sowing.`,
      'Irrigate before sowing or transplanting; the topsoil is drying out.',
    );
  }
  if (topsoil < SOIL_MOISTURE.waterlogged) {
    return judged(0, `Good soil moisture (${value}): suitable for sowing and fertiliser.`);
  }
  return judged(
    1,
    `Waterlogged soil (${value}): roots of yam and cassava may rot.`,
    'Open drainage furrows and keep heavy equipment off the wet soil.',
  );
}

export function assessSoilTemperature(celsius: number): Assessment {
  const value = `${celsius.toFixed(1)} °C at the surface`;
  if (celsius < 20) {
    return judged(
      1,
      `Cool soil (${value}): germination will be slow.`,
      'Expect slow germination in cool soil; sow a little deeper.',
    );
  }
  if (celsius < 35) return judged(0, `Soil temperature suits germination (${value}).`);
  if (celsius < 45) {
    return judged(
      1,
      `Warm soil (${value}): mulch to protect seedlings.`,
      'Mulch seedbeds to keep the hot soil surface from scorching seedlings.',
    );
  }
  return judged(
    2,
    `Very hot soil surface (${value}): seedlings can scorch.`,
    'Mulch the soil and sow only in the cool of the evening.',
  );
}
