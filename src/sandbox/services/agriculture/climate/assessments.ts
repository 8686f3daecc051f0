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

export function assessTemperature(celsius: number): Assessment {
  const value = `${celsius.toFixed(1)} °C`;
  if (celsius >= 35) {
    return {
      text: `Very hot (${value}): heat stress is likely for crops and animals.`,
      severity: 2,
      action: 'Water early in the morning or in the evening and shade young seedlings to limit heat stress.',
    };
  }
  if (celsius >= 30) {
    return {
      text: `Hot (${value}): crops need more water than usual.`,
      severity: 1,
      action: 'Mulch beds and check soil moisture daily while the heat lasts.',
    };
  }
  if (celsius >= 20) return { text: `Comfortable for most crops (${value}).`, severity: 0, action: '' };
  return {
    text: `Cool (${value}): heat-loving crops such as cowpea and millet will grow slowly.`,
    severity: 1,
    action: 'Delay sowing heat-loving crops until days warm up.',
  };
}

export function assessHumidity(percent: number, harmattan: boolean): Assessment {
  const value = `${percent}%`;
  if (percent >= 85) {
    return {
      text: `Very humid (${value}): fungal diseases such as leaf spots and blights spread fast.`,
      severity: 1,
      action: 'Scout for leaf spots and blight and improve air flow between plants.',
    };
  }
  if (percent >= 70)
    return { text: `Humid (${value}): keep an eye on fungal diseases.`, severity: 0, action: '' };
  if (percent >= 40)
    return { text: `Moderate humidity (${value}): low disease pressure.`, severity: 0, action: '' };
  if (percent >= 25) {
    return {
      text: `Dry air (${value}): plants lose water quickly.`,
      severity: 1,
      action: 'Water more often; plants lose water quickly in dry air.',
    };
  }
  if (harmattan) {
    return {
      text: `Very dry, dusty harmattan air (${value}): evaporation is very high.`,
      severity: 2,
      action: 'Irrigate and shelter seedlings from the dry harmattan wind.',
    };
  }
  return {
    text: `Very dry air (${value}): evaporation is very high.`,
    severity: 2,
    action: 'Irrigate, and water in the evening when less is lost to evaporation.',
  };
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
    return {
      text: `Light rain (${value}): helpful, but not enough for thirsty crops.`,
      severity: 0,
      action: '',
    };
  }
  if (millimetres < 30)
    return { text: `Moderate rain (${value}): good for planting and growth.`, severity: 0, action: '' };
  if (millimetres < 50) {
    return {
      text: `Heavy rain (${value}): fertiliser may wash away.`,
      severity: 1,
      action: 'Check drainage and hold back fertiliser until the heavy rain stops.',
    };
  }
  return {
    text: `Very heavy rain (${value}): risk of flooding and soil erosion.`,
    severity: 2,
    action: 'Clear drainage channels now and keep off the fields until flood water drains.',
  };
}

export function assessSoilMoisture(topsoil: number): Assessment {
  const value = `${topsoil.toFixed(3)} m³/m³ at 0–10 cm`;
  if (topsoil < SOIL_MOISTURE.dry) {
    return {
      text: `Dry soil (${value}): seeds will not germinate without irrigation.`,
      severity: 2,
      action: 'Do not sow until the soil is wet: irrigate first or wait for steady rain.',
    };
  }
  if (topsoil < SOIL_MOISTURE.low) {
    return {
      text: `Low soil moisture (${value}): irrigate before sowing.`,
      severity: 1,
      action: 'Irrigate before sowing or transplanting; the topsoil is drying out.',
    };
  }
  if (topsoil < SOIL_MOISTURE.waterlogged) {
    return {
      text: `Good soil moisture (${value}): suitable for sowing and fertiliser.`,
      severity: 0,
      action: '',
    };
  }
  return {
    text: `Waterlogged soil (${value}): roots of yam and cassava may rot.`,
    severity: 1,
    action: 'Open drainage furrows and keep heavy equipment off the wet soil.',
  };
}

export function assessSoilTemperature(celsius: number): Assessment {
  const value = `${celsius.toFixed(1)} °C at the surface`;
  if (celsius < 20) {
    return {
      text: `Cool soil (${value}): germination will be slow.`,
      severity: 1,
      action: 'Expect slow germination in cool soil; sow a little deeper.',
    };
  }
  if (celsius < 35)
    return { text: `Soil temperature suits germination (${value}).`, severity: 0, action: '' };
  if (celsius < 45) {
    return {
      text: `Warm soil (${value}): mulch to protect seedlings.`,
      severity: 1,
      action: 'Mulch seedbeds to keep the hot soil surface from scorching seedlings.',
    };
  }
  return {
    text: `Very hot soil surface (${value}): seedlings can scorch.`,
    severity: 2,
    action: 'Mulch the soil and sow only in the cool of the evening.',
  };
}
