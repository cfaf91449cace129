/** RFC 2047 encoded-word for non-ASCII header text (printable ASCII stays as it is). */
export const encodedWord = (text: string) => (/^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`);

/**
 * A sender as a header value: 'Immo Média <media@example.com>' keeps its address bare and encodes
 * its display name when it is not ASCII, as SES asks of FromEmailAddress; a bare address stays bare.
 */
export function senderHeader(from: string): string {
  const named = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(from);
  if (!named) return from.trim();
  const [, name = '', address = ''] = named;
  return name ? `${encodedWord(name.replace(/^"(.*)"$/, '$1'))} <${address}>` : address;
}
