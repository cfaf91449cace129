import * as z from '../zod.ts';
import { schema } from '#shared/schema.ts';

/**
 * A broker office (part 2 §3 "Broker office"): a real-estate agency's office with the number of
 * its listings and brokers, shown clustered on the zone map; part 2 §9 counts a zone's listings
 * by the broker offices inside its polygon.
 */
export const brokerOfficeRecord = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  listing_count: z.number().int().min(0),
  broker_count: z.number().int().min(0),
}));
export type BrokerOfficeRecord = z.infer<typeof brokerOfficeRecord>;
