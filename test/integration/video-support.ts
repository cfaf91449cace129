import { insertListing, type StoredListing } from '#functions/storage/listings.ts';
import { insertPicture } from '#functions/storage/pictures.ts';
import { mediaKeys } from '#functions/plumbing/media.ts';
import { putMediaObject } from '#functions/plumbing/media-objects.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { getUser } from '#functions/storage/users.ts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { demoOriginal } from '../../scripts/local/demo-media/cache.ts';
import { newUser } from './session-support.ts';

/**
 * A listing of the demo broker's own (or of `brokerId`) with `pictures` demo JPEGs in the media
 * bucket, in slideshow order; the pictures at the `missing` indexes are recorded but their file is
 * never uploaded (a job that needs them fails).
 */
export async function listingWithPictures(pictures: number, options: { brokerId?: number; missing?: readonly number[] } = {}): Promise<StoredListing> {
  const broker = (await getUser(options.brokerId ?? demoAccount(Role.broker).id))!;
  const address = `${100 + (await nextId('video-test-listing'))} rue des Vidéos`;
  const listing = await insertListing({
    address,
    app: '',
    city: 'Montréal',
    postalcode: 'H2X 1Y4',
    room_count: 5,
    is_house: true,
    is_existing_listing: false,
    lat: 45.51,
    lng: -73.57,
    state: 1,
    picture_url: null,
    mls: null,
    broker_id: broker.id,
    broker: { firstname: broker.firstname, lastname: broker.lastname },
    distribution_token: null,
  });
  const shootingId = await nextId('shooting');
  for (let index = 0; index < pictures; index++) {
    const key = mediaKeys.original(listing.id, shootingId, index);
    if (!options.missing?.includes(index)) await putMediaObject(key, demoOriginal({ seed: listing.id * 7 + index, number: index + 1, address: `${address}, Montréal` }));
    await insertPicture({
      listing_id: listing.id,
      shooting_id: shootingId,
      picture_index: index,
      original_key: key,
      thumbnail_key: null,
      distrib_key: null,
      public: true,
      is_validated: true,
      feedback_ticket_id: null,
      created_at: new Date().toISOString(),
    });
  }
  return { ...listing, version: 1 };
}

/**
 * A broker of a team of this test's own, a teammate, and a broker of another team (throwaway users
 * named 'Test User<id>'; the teams are set on their items directly), as the videos screens name them.
 */
export async function brokerTeam() {
  const team = 900_000 + Math.floor(Math.random() * 99_999);
  const [broker, teammate, stranger] = [await newUser(Role.broker), await newUser(Role.broker), await newUser(Role.broker)];
  for (const [id, team_id] of [[broker.id, team], [teammate.id, team], [stranger.id, team + 1]] as const) {
    await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.user(id), UpdateExpression: 'SET team_id = :t', ExpressionAttributeValues: { ':t': team_id } }));
  }
  const named = (user: { id: number }) => ({ id: user.id, firstname: 'Test', lastname: `User${user.id}` });
  return { broker: named(broker), teammate: named(teammate), stranger: named(stranger) };
}
