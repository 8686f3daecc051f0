import type { EcoZone, GeoZone } from './types';

/** [town, its LGA (as in the LGA list after corrections), latitude, longitude]; the capital first. */
export type TownRow = readonly [string, string, number, number];

export interface StateRow {
  name: string;
  code2: string;
  code3: string;
  zone: GeoZone;
  ecoZone: EcoZone;
  /** Postcode of the capital district. */
  postcode: string;
  /** How far from its towns an LGA without a coordinate here may be placed, km. */
  spreadKm: number;
  towns: readonly TownRow[];
}

/**
 * The 36 states and the FCT: real capitals and major towns with their coordinates,
 * geopolitical and agro-ecological zones, and the capital's postcode.
 */
// prettier-ignore
export const STATE_ROWS: readonly StateRow[] = [
  { name: 'Abia', code2: 'AB', code3: 'ABI', zone: 'south-east', ecoZone: 'rainforest', postcode: '440001', spreadKm: 35,
    towns: [['Umuahia', 'Umuahia North', 5.5249, 7.4943], ['Aba', 'Aba South', 5.1066, 7.3667], ['Ohafia', 'Ohafia', 5.6167, 7.8333]] },
  { name: 'Adamawa', code2: 'AD', code3: 'ADA', zone: 'north-east', ecoZone: 'guinea-savanna', postcode: '640001', spreadKm: 90,
    towns: [['Yola', 'Yola North', 9.2035, 12.4954], ['Mubi', 'Mubi North', 10.2676, 13.2644], ['Numan', 'Numan', 9.4667, 12.0333], ['Ganye', 'Ganye', 8.4333, 12.05]] },
  { name: 'Akwa Ibom', code2: 'AK', code3: 'AKW', zone: 'south-south', ecoZone: 'rainforest', postcode: '520001', spreadKm: 35,
    towns: [['Uyo', 'Uyo', 5.0377, 7.9128], ['Eket', 'Eket', 4.6423, 7.9244], ['Ikot Ekpene', 'Ikot Ekpene', 5.1794, 7.7144], ['Oron', 'Oron', 4.8271, 8.2339]] },
  { name: 'Anambra', code2: 'AN', code3: 'ANA', zone: 'south-east', ecoZone: 'rainforest', postcode: '420001', spreadKm: 30,
    towns: [['Awka', 'Awka South', 6.21, 7.07], ['Onitsha', 'Onitsha North', 6.145, 6.785], ['Nnewi', 'Nnewi North', 6.019, 6.917], ['Ekwulobia', 'Aguata', 6.0333, 7.0833]] },
  { name: 'Bauchi', code2: 'BA', code3: 'BAU', zone: 'north-east', ecoZone: 'sudan-savanna', postcode: '740001', spreadKm: 100,
    towns: [['Bauchi', 'Bauchi', 10.3103, 9.8439], ['Azare', 'Katagum', 11.6765, 10.1948], ['Misau', 'Misau', 11.3128, 10.4656], ['Tafawa Balewa', 'Tafawa Balewa', 9.7667, 9.5667]] },
  { name: 'Bayelsa', code2: 'BY', code3: 'BAY', zone: 'south-south', ecoZone: 'mangrove', postcode: '561001', spreadKm: 35,
    towns: [['Yenagoa', 'Yenagoa', 4.9267, 6.2676], ['Brass', 'Brass', 4.315, 6.24], ['Ogbia', 'Ogbia', 4.6833, 6.3167], ['Sagbama', 'Sagbama', 5.1667, 6.2]] },
  { name: 'Benue', code2: 'BE', code3: 'BEN', zone: 'north-central', ecoZone: 'guinea-savanna', postcode: '970001', spreadKm: 80,
    towns: [['Makurdi', 'Makurdi', 7.7322, 8.5391], ['Gboko', 'Gboko', 7.325, 9.0], ['Otukpo', 'Oturkpo', 7.19, 8.13], ['Katsina-Ala', 'Katsina-Ala', 7.1667, 9.2833]] },
  { name: 'Borno', code2: 'BO', code3: 'BOR', zone: 'north-east', ecoZone: 'sahel', postcode: '600001', spreadKm: 130,
    towns: [['Maiduguri', 'Maiduguri', 11.8311, 13.151], ['Biu', 'Biu', 10.6111, 12.1946], ['Bama', 'Bama', 11.5221, 13.6856], ['Monguno', 'Monguno', 12.6702, 13.6122]] },
  { name: 'Cross River', code2: 'CR', code3: 'CRS', zone: 'south-south', ecoZone: 'rainforest', postcode: '540001', spreadKm: 70,
    towns: [['Calabar', 'Calabar Municipal', 4.9517, 8.322], ['Ikom', 'Ikom', 5.9667, 8.7167], ['Ogoja', 'Ogoja', 6.6584, 8.7992], ['Obudu', 'Obudu', 6.6667, 9.1667]] },
  { name: 'Delta', code2: 'DE', code3: 'DEL', zone: 'south-south', ecoZone: 'rainforest', postcode: '320001', spreadKm: 60,
    towns: [['Asaba', 'Oshimili South', 6.198, 6.731], ['Warri', 'Warri South', 5.5167, 5.75], ['Sapele', 'Sapele', 5.8941, 5.6767], ['Ughelli', 'Ughelli North', 5.4897, 5.9931], ['Agbor', 'Ika South', 6.2542, 6.1917]] },
  { name: 'Ebonyi', code2: 'EB', code3: 'EBO', zone: 'south-east', ecoZone: 'derived-savanna', postcode: '480001', spreadKm: 35,
    towns: [['Abakaliki', 'Abakaliki', 6.3249, 8.1137], ['Afikpo', 'Afikpo North', 5.8925, 7.9354], ['Onueke', 'Ezza South', 6.15, 8.0333]] },
  { name: 'Edo', code2: 'ED', code3: 'EDO', zone: 'south-south', ecoZone: 'rainforest', postcode: '300001', spreadKm: 70,
    towns: [['Benin City', 'Oredo', 6.335, 5.6037], ['Auchi', 'Etsako West', 7.0676, 6.2636], ['Ekpoma', 'Esan West', 6.743, 6.139], ['Uromi', 'Esan North-East', 6.7, 6.3333]] },
  { name: 'Ekiti', code2: 'EK', code3: 'EKI', zone: 'southwest', ecoZone: 'rainforest', postcode: '360001', spreadKm: 30,
    towns: [['Ado-Ekiti', 'Ado Ekiti', 7.6211, 5.2214], ['Ikere', 'Ikere', 7.4991, 5.2317], ['Ikole', 'Ikole', 7.7983, 5.5144], ['Ijero', 'Ijero', 7.8136, 5.0675]] },
  { name: 'Enugu', code2: 'EN', code3: 'ENU', zone: 'south-east', ecoZone: 'derived-savanna', postcode: '400001', spreadKm: 45,
    towns: [['Enugu', 'Enugu North', 6.4584, 7.5464], ['Nsukka', 'Nsukka', 6.8567, 7.3958], ['Agbani', 'Nkanu West', 6.3, 7.55], ['Awgu', 'Awgu', 6.0667, 7.4667]] },
  { name: 'Federal Capital Territory', code2: 'FC', code3: 'FCT', zone: 'north-central', ecoZone: 'guinea-savanna', postcode: '900001', spreadKm: 35,
    towns: [['Abuja', 'Abuja Municipal Area Council', 9.0579, 7.4951], ['Gwagwalada', 'Gwagwalada', 8.9436, 7.0819], ['Kuje', 'Kuje', 8.8794, 7.2275], ['Bwari', 'Bwari', 9.2833, 7.3833]] },
  { name: 'Gombe', code2: 'GM', code3: 'GOM', zone: 'north-east', ecoZone: 'sudan-savanna', postcode: '760001', spreadKm: 55,
    towns: [['Gombe', 'Gombe', 10.2897, 11.1673], ['Billiri', 'Billiri', 9.8667, 11.225], ['Kaltungo', 'Kaltungo', 9.814, 11.309], ['Dukku', 'Dukku', 10.8228, 10.7722]] },
  { name: 'Imo', code2: 'IM', code3: 'IMO', zone: 'south-east', ecoZone: 'rainforest', postcode: '460001', spreadKm: 35,
    towns: [['Owerri', 'Owerri Municipal', 5.4836, 7.0333], ['Orlu', 'Orlu', 5.7957, 7.0351], ['Okigwe', 'Okigwe', 5.829, 7.35], ['Oguta', 'Oguta', 5.71, 6.8083]] },
  { name: 'Jigawa', code2: 'JI', code3: 'JIG', zone: 'north-west', ecoZone: 'sudan-savanna', postcode: '720001', spreadKm: 90,
    towns: [['Dutse', 'Dutse', 11.7564, 9.3392], ['Hadejia', 'Hadejia', 12.4498, 10.0444], ['Gumel', 'Gumel', 12.627, 9.388], ['Kazaure', 'Kazaure', 12.65, 8.412]] },
  { name: 'Kaduna', code2: 'KD', code3: 'KAD', zone: 'north-west', ecoZone: 'guinea-savanna', postcode: '800001', spreadKm: 100,
    towns: [['Kaduna', 'Kaduna North', 10.5105, 7.4165], ['Zaria', 'Zaria', 11.0855, 7.7199], ['Kafanchan', "Jema'a", 9.5833, 8.3], ['Saminaka', 'Lere', 10.4122, 8.6881]] },
  { name: 'Kano', code2: 'KN', code3: 'KAN', zone: 'north-west', ecoZone: 'sudan-savanna', postcode: '700001', spreadKm: 75,
    towns: [['Kano', 'Kano Municipal', 12.0022, 8.592], ['Wudil', 'Wudil', 11.7942, 8.839], ['Bichi', 'Bichi', 12.2333, 8.2417], ['Rano', 'Rano', 11.55, 8.5833]] },
  { name: 'Katsina', code2: 'KT', code3: 'KAT', zone: 'north-west', ecoZone: 'sudan-savanna', postcode: '820001', spreadKm: 90,
    towns: [['Katsina', 'Katsina', 12.9908, 7.6018], ['Funtua', 'Funtua', 11.5233, 7.3081], ['Daura', 'Daura', 13.0333, 8.3167], ['Malumfashi', 'Malumfashi', 11.7833, 7.6167]] },
  { name: 'Kebbi', code2: 'KB', code3: 'KEB', zone: 'north-west', ecoZone: 'sudan-savanna', postcode: '860001', spreadKm: 110,
    towns: [['Birnin Kebbi', 'Birnin Kebbi', 12.4539, 4.1975], ['Argungu', 'Argungu', 12.7448, 4.5251], ['Yelwa', 'Yauri', 10.8837, 4.7543], ['Zuru', 'Zuru', 11.4333, 5.2333]] },
  { name: 'Kogi', code2: 'KG', code3: 'KOG', zone: 'north-central', ecoZone: 'guinea-savanna', postcode: '260001', spreadKm: 90,
    towns: [['Lokoja', 'Lokoja', 7.8023, 6.7333], ['Okene', 'Okene', 7.5511, 6.2356], ['Idah', 'Idah', 7.11, 6.73], ['Anyigba', 'Dekina', 7.492, 7.173], ['Kabba', 'Kabba/Bunu', 7.8333, 6.0667]] },
  { name: 'Kwara', code2: 'KW', code3: 'KWA', zone: 'north-central', ecoZone: 'guinea-savanna', postcode: '240001', spreadKm: 90,
    towns: [['Ilorin', 'Ilorin West', 8.4966, 4.5421], ['Offa', 'Offa', 8.1491, 4.7207], ['Omu-Aran', 'Irepodun', 8.1386, 5.1026], ['Lafiagi', 'Edu', 8.85, 5.4167]] },
  { name: 'Lagos', code2: 'LA', code3: 'LAG', zone: 'southwest', ecoZone: 'rainforest', postcode: '100001', spreadKm: 18,
    towns: [['Ikeja', 'Ikeja', 6.6018, 3.3515], ['Lagos Island', 'Lagos Island', 6.4541, 3.3947], ['Ikorodu', 'Ikorodu', 6.6194, 3.5105], ['Badagry', 'Badagry', 6.4153, 2.8813], ['Epe', 'Epe', 6.5841, 3.9834], ['Lekki', 'Eti Osa', 6.4698, 3.5852], ['Surulere', 'Surulere', 6.5, 3.35], ['Apapa', 'Apapa', 6.4489, 3.359]] },
  { name: 'Nasarawa', code2: 'NA', code3: 'NAS', zone: 'north-central', ecoZone: 'guinea-savanna', postcode: '950001', spreadKm: 65,
    towns: [['Lafia', 'Lafia', 8.4939, 8.5153], ['Keffi', 'Keffi', 8.8486, 7.8736], ['Akwanga', 'Akwanga', 8.91, 8.39], ['Nasarawa', 'Nasarawa', 8.5389, 7.7083]] },
  { name: 'Niger', code2: 'NI', code3: 'NIG', zone: 'north-central', ecoZone: 'guinea-savanna', postcode: '920001', spreadKm: 130,
    towns: [['Minna', 'Chanchaga', 9.6139, 6.5569], ['Bida', 'Bida', 9.0804, 6.01], ['Suleja', 'Suleja', 9.1806, 7.1794], ['Kontagora', 'Kontagora', 10.3999, 5.4695], ['New Bussa', 'Borgu', 9.8833, 4.5167]] },
  { name: 'Ogun', code2: 'OG', code3: 'OGU', zone: 'southwest', ecoZone: 'rainforest', postcode: '110001', spreadKm: 45,
    towns: [['Abeokuta', 'Abeokuta South', 7.1475, 3.3619], ['Ijebu Ode', 'Ijebu Ode', 6.8194, 3.9173], ['Sagamu', 'Sagamu', 6.8322, 3.6319], ['Ota', 'Ado-Odo/Ota', 6.6804, 3.2356], ['Ilaro', 'Yewa South', 6.8894, 3.0136]] },
  { name: 'Ondo', code2: 'ON', code3: 'OND', zone: 'southwest', ecoZone: 'rainforest', postcode: '340001', spreadKm: 65,
    towns: [['Akure', 'Akure South', 7.2571, 5.2058], ['Ondo', 'Ondo West', 7.0932, 4.8353], ['Owo', 'Owo', 7.1962, 5.5868], ['Okitipupa', 'Okitipupa', 6.5019, 4.7792], ['Ikare', 'Akoko North-East', 7.5167, 5.75]] },
  { name: 'Osun', code2: 'OS', code3: 'OSU', zone: 'southwest', ecoZone: 'rainforest', postcode: '230001', spreadKm: 45,
    towns: [['Osogbo', 'Osogbo', 7.7827, 4.5418], ['Ile-Ife', 'Ife Central', 7.4824, 4.5603], ['Ilesa', 'Ilesa East', 7.6167, 4.7333], ['Iwo', 'Iwo', 7.6292, 4.1872], ['Ede', 'Ede North', 7.7388, 4.4361]] },
  { name: 'Oyo', code2: 'OY', code3: 'OYO', zone: 'southwest', ecoZone: 'derived-savanna', postcode: '200001', spreadKm: 85,
    towns: [['Ibadan', 'Ibadan North', 7.3775, 3.947], ['Ogbomosho', 'Ogbomosho North', 8.1333, 4.25], ['Oyo', 'Oyo West', 7.85, 3.9333], ['Iseyin', 'Iseyin', 7.9667, 3.6], ['Saki', 'Saki West', 8.6676, 3.3939]] },
  { name: 'Plateau', code2: 'PL', code3: 'PLA', zone: 'north-central', ecoZone: 'guinea-savanna', postcode: '930001', spreadKm: 75,
    towns: [['Jos', 'Jos North', 9.8965, 8.8583], ['Bukuru', 'Jos South', 9.7928, 8.8725], ['Shendam', 'Shendam', 8.8833, 9.5333], ['Pankshin', 'Pankshin', 9.3333, 9.4333]] },
  { name: 'Rivers', code2: 'RI', code3: 'RIV', zone: 'south-south', ecoZone: 'mangrove', postcode: '500001', spreadKm: 45,
    towns: [['Port Harcourt', 'Port Harcourt', 4.8156, 7.0498], ['Bonny', 'Bonny', 4.4516, 7.1706], ['Ahoada', 'Ahoada East', 5.0833, 6.65], ['Rumuokoro', 'Obio/Akpor', 4.87, 7.0], ['Omoku', 'Ogba/Egbema/Ndoni', 5.3431, 6.6561]] },
  { name: 'Sokoto', code2: 'SO', code3: 'SOK', zone: 'north-west', ecoZone: 'sahel', postcode: '840001', spreadKm: 95,
    towns: [['Sokoto', 'Sokoto North', 13.0059, 5.2476], ['Tambuwal', 'Tambuwal', 12.4058, 4.6461], ['Illela', 'Illela', 13.7297, 5.2971], ['Wurno', 'Wurno', 13.2906, 5.4242]] },
  { name: 'Taraba', code2: 'TA', code3: 'TAR', zone: 'north-east', ecoZone: 'guinea-savanna', postcode: '660001', spreadKm: 110,
    towns: [['Jalingo', 'Jalingo', 8.8937, 11.3596], ['Wukari', 'Wukari', 7.8704, 9.7788], ['Takum', 'Takum', 7.2667, 9.9833], ['Gembu', 'Sardauna', 6.7, 11.25]] },
  { name: 'Yobe', code2: 'YO', code3: 'YOB', zone: 'north-east', ecoZone: 'sahel', postcode: '620001', spreadKm: 110,
    towns: [['Damaturu', 'Damaturu', 11.747, 11.9608], ['Potiskum', 'Potiskum', 11.7128, 11.078], ['Nguru', 'Nguru', 12.8791, 10.4526], ['Gashua', 'Bade', 12.87, 11.04]] },
  { name: 'Zamfara', code2: 'ZA', code3: 'ZAM', zone: 'north-west', ecoZone: 'sudan-savanna', postcode: '880001', spreadKm: 85,
    towns: [['Gusau', 'Gusau', 12.1704, 6.6641], ['Kaura Namoda', 'Kaura Namoda', 12.5933, 6.5875], ['Talata Mafara', 'Talata Mafara', 12.5668, 6.06], ['Anka', 'Anka', 12.1089, 5.9267]] },
];
