import { describe, expect, it } from 'vitest';
import { ticketPictureRef } from './ticket.ts';

describe('ticketPictureRef', () => {
  it('reads the picture a ticket names in its data', () => {
    expect(ticketPictureRef(JSON.stringify({ listing_id: 5001, shooting_id: 12, picture_index: 0, picture_id: 9 }))).toEqual({ listing_id: 5001, shooting_id: 12, picture_index: 0 });
  });

  it('names none for absent, malformed or partial data', () => {
    for (const data of [null, '', 'not json', 'null', '42', '[]', JSON.stringify({ listing_id: 1, shooting_id: 2 }), JSON.stringify({ listing_id: 1, shooting_id: 2, picture_index: -1 }), JSON.stringify({ listing_id: '1', shooting_id: 2, picture_index: 3 })]) {
      expect(ticketPictureRef(data), String(data)).toBeUndefined();
    }
  });
});
