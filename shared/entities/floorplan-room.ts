import * as z from '../zod.ts';
import { plainRoomName } from '../rules/room-names.ts';
import { schema } from '#shared/schema.ts';

/**
 * A floorplan room of a listing (part 3 §3 'Floorplan room': id, roomname, floor, width,
 * width_inches, height, height_inches, irregular, floor_type, created_at, markers; floors carry
 * floorname). Measures are in feet + inches when `width_inches`/`height_inches` are given, else in
 * metres (the capture side records one or the other). Marker pictures are media-bucket keys; their
 * URLs are built when answering. docs/decisions/0275.
 */
export const floorplanMarker = /* @__PURE__ */ schema(() => z.object({ order_index: z.number().int().nonnegative(), lowres_key: z.string().min(1) }));

export const floorplanRoomRecord = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int().positive(),
  listing_id: z.number().int().positive(),
  roomname: z.string().trim().min(1).max(200),
  /** The floor's position in the building (0 = ground floor, negative = basement). */
  floor: z.number().int().min(-10).max(200),
  floorname: z.string().trim().min(1).max(200),
  width: z.number().nonnegative().max(10_000),
  width_inches: z.number().nonnegative().lt(12).nullable().default(null),
  height: z.number().nonnegative().max(10_000),
  height_inches: z.number().nonnegative().lt(12).nullable().default(null),
  irregular: z.boolean().default(false),
  /** As the capture side writes it: French (ardoise, béton, bois …). */
  floor_type: z.string().trim().max(100).nullable().default(null),
  markers: z.array(floorplanMarker).max(200).default([]),
  created_at: z.string(),
}));
export type FloorplanRoomRecord = z.infer<typeof floorplanRoomRecord>;

/** §9: the measures table leaves these rooms out (compared without case and accents). */
export const ROOMS_WITHOUT_MEASURES = ['Backyard', 'Balcony', 'Pool', 'Facade', 'Picsine', 'Cour arrière'] as const;

const HIDDEN = new Set(ROOMS_WITHOUT_MEASURES.map(plainRoomName));

export const hasMeasuresShown = (room: { roomname: string }) => !HIDDEN.has(plainRoomName(room.roomname));

/** §9: floor types are translated from French to English in the measures table. */
export const FLOOR_TYPES_FR_EN: Readonly<Record<string, string>> = {
  ardoise: 'slate',
  beton: 'concrete',
  bois: 'wood',
  ceramique: 'ceramic',
  granit: 'granite',
  linoleum: 'linoleum',
  marbre: 'marble',
  parqueterie: 'parquetry',
  parquet: 'parquetry',
  stratifie: 'laminate',
  tapis: 'carpet',
  tuile: 'tile',
  autre: 'other',
};

/** The English name of a French floor type; an unknown one is shown as written. */
export const floorTypeInEnglish = (floorType: string): string => FLOOR_TYPES_FR_EN[plainRoomName(floorType)] ?? floorType;
