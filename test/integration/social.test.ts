import { describe, expect, it } from 'vitest';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { findUserByEmail, getUser } from '#functions/storage/users.ts';
import { DEMO_SOCIAL_PAGES } from '#functions/plumbing/social-pages.ts';
import { Role, type RoleId } from '#shared/roles.ts';
import { SOCIAL_MESSAGES, getUnlinkedSocialPages, linkSocialPage, searchSocialBrokers } from '#shared/catalogue/social.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { SECOND_BROKER } from '../../scripts/local/seed/brokers-listings.ts';

const STAFF: readonly RoleId[] = [Role.superadmin, Role.admin, Role.tech_capture, Role.tech_postprod, Role.tech_postprod_lead];
const unlinkedIds = async (token: string) => bodyOf(await callOp(getUnlinkedSocialPages, {}, token)).unlinked_facebook_page.map((p) => p.page_id);

describe('social page linking', () => {
  it('answers the unlinked pages of the local demo provider, named as such, to roles 1, 2, 4, 5, 8 only', async () => {
    for (const role of STAFF) {
      const body = bodyOf(await callOp(getUnlinkedSocialPages, {}, (await tokenFor(role)).token));
      expect(body.provider).toBe('demo');
      for (const page of body.unlinked_facebook_page) expect(page.page_name).toMatch(/^Demo – /);
    }
    for (const role of [Role.broker, Role.client, Role.social_medias, Role.sales]) errorOf(await callOp(getUnlinkedSocialPages, {}, (await tokenFor(role)).token), 403);
  });

  it("refuses a link without both a broker and a page: 'Please select both facebook page and broker!'", async () => {
    const { token } = await tokenFor(Role.admin);
    const neither = errorOf(await callOp(linkSocialPage, {} as never, token), 400);
    expect(neither.fields).toMatchObject({ brokerId: [SOCIAL_MESSAGES.bothRequired], pageId: [SOCIAL_MESSAGES.bothRequired] });
    const noPage = errorOf(await callOp(linkSocialPage, { brokerId: demoAccount(Role.broker).id, pageId: '' }, token), 400);
    expect(noPage.fields?.pageId).toEqual([SOCIAL_MESSAGES.bothRequired]);
    const noBroker = errorOf(await callOp(linkSocialPage, { pageId: DEMO_SOCIAL_PAGES[0]!.page_id } as never, token), 400);
    expect(noBroker.fields?.brokerId).toEqual([SOCIAL_MESSAGES.bothRequired]);
    expect(errorOf(await callOp(linkSocialPage, { brokerId: demoAccount(Role.admin).id, pageId: DEMO_SOCIAL_PAGES[0]!.page_id }, token), 400).fields?.brokerId).toEqual([SOCIAL_MESSAGES.notABroker]);
    expect(errorOf(await callOp(linkSocialPage, { brokerId: demoAccount(Role.broker).id, pageId: '12345' }, token), 400).fields?.pageId).toEqual([SOCIAL_MESSAGES.unknownPage]);
  });

  it("links a page to a broker (the broker's page), one broker per page, a new link freeing the broker's old page", async () => {
    const { token } = await tokenFor(Role.tech_postprod);
    const [first, second] = [DEMO_SOCIAL_PAGES[4]!, DEMO_SOCIAL_PAGES[5]!];
    const broker = demoAccount(Role.broker);
    const other = (await findUserByEmail(SECOND_BROKER.email))!;

    const found = bodyOf(await callOp(searchSocialBrokers, { text: broker.lastname.slice(0, 4) }, token)).data;
    expect(found.map((b) => b.id)).toContain(broker.id);

    const linked = bodyOf(await callOp(linkSocialPage, { brokerId: broker.id, pageId: first.page_id }, token));
    expect(linked).toEqual({ status: 200, broker_facebook_business_page: { page_id: first.page_id, page_name: first.page_name } });
    expect((await getUser(broker.id))?.broker_facebook_business_page).toEqual({ page_id: first.page_id, page_name: first.page_name });
    expect(await unlinkedIds(token)).not.toContain(first.page_id);
    const again = bodyOf(await callOp(searchSocialBrokers, { text: broker.email }, token)).data.find((b) => b.id === broker.id);
    expect(again?.broker_facebook_business_page?.page_id).toBe(first.page_id);

    expect(errorOf(await callOp(linkSocialPage, { brokerId: other.id, pageId: first.page_id }, token), 409).message).toBe(SOCIAL_MESSAGES.alreadyLinked);

    bodyOf(await callOp(linkSocialPage, { brokerId: broker.id, pageId: second.page_id }, token));
    const unlinked = await unlinkedIds(token);
    expect(unlinked).toContain(first.page_id);
    expect(unlinked).not.toContain(second.page_id);
    errorOf(await callOp(linkSocialPage, { brokerId: broker.id, pageId: second.page_id }, (await tokenFor(Role.broker)).token), 403);
  });
});
