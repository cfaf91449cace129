import { Alert, Badge, Button, Group, Image, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewComment, ReviewPicture } from '#shared/catalogue/review.ts';
import { useReturnFocusOnUnmount } from '../../app/use-focus-return.ts';
import { formatTimestamp } from '../../i18n/format.ts';
import { PictureTypeBadge } from './picture-type.tsx';
import { useCommentMutation, useValidationMutation } from './queries.ts';

interface Props {
  listingId: number;
  picture: ReviewPicture;
  number: number;
  total: number;
  onClose: () => void;
  /** After a validation or a send-for-retouch: the screen moves on to the next unseen picture (§4). */
  onDecided: (decision: 'validated' | 'retouch') => void;
  /** Where the focus goes back when the dialog is unmounted (the page's tile of the picture shown); the element that opened it by default. */
  returnFocusTo?: () => HTMLElement | null;
}

/**
 * The full-size picture dialog (part 3 screen 5, §4, §5): Validate (disabled when already
 * validated), Send For Retouch (enabled only when not already false; it needs a comment on the
 * picture, else the comment box shows an error; a comment typed but not posted is posted first), the
 * picture's comments with their replies.
 */
export function PictureDialog({ listingId, picture, number, total, onClose, onDecided, returnFocusTo }: Props) {
  const { t } = useTranslation();
  const validation = useValidationMutation(listingId);
  const comment = useCommentMutation(listingId);
  const [text, setText] = useState('');
  // Why the comment box is in error: a retouch without any comment on the picture, or 'Commenter' on an empty box.
  const [commentError, setCommentError] = useState<'required' | 'empty' | null>(null);
  // The dialog moves on to the next picture after a decision: what was typed for one is not the next one's.
  const [shownId, setShownId] = useState(picture.id);
  if (shownId !== picture.id) {
    setShownId(picture.id);
    setText('');
    setCommentError(null);
  }
  // The review screen unmounts the dialog as it closes (or when every picture is seen), before Mantine's own return of the focus.
  useReturnFocusOnUnmount(returnFocusTo);
  /** Posts the box's text as a comment on the picture; false when it did not get through (said above). */
  const postText = async () => {
    if (!(await comment.mutateAsync({ pictureId: picture.id, text }).then(() => true, () => false))) return false;
    setText('');
    setCommentError(null);
    return true;
  };
  const decide = async (valid: boolean) => {
    // A comment typed but not posted yet goes with the retouch: it is posted first.
    if (!valid && text.trim()) {
      if (!(await postText())) return;
    } else if (!valid && picture.comments.length === 0) return setCommentError('required');
    // A refusal (a change made meanwhile, a lost connection) is said below; the picture stays open.
    if (!(await validation.mutateAsync({ pictureId: picture.id, valid }).then(() => true, () => false))) return;
    setCommentError(null);
    onDecided(valid ? 'validated' : 'retouch');
  };
  const post = async () => {
    if (!text.trim()) return setCommentError('empty');
    await postText();
  };
  return (
    <Modal opened onClose={onClose} size="xl" title={t('review.dialog_title', { n: number, total })}>
      <Stack>
        {comment.isError && (
          <Alert color="red" role="alert">
            {t('review.action_failed')}
          </Alert>
        )}
        <Image src={picture.watermarked_url ?? picture.original_url} alt={t('review.picture', { n: number })} fit="contain" mah="60vh" />
        <Group gap="xs">
          {picture.is_validated === true && <Badge color="green">{t('review.badge.validated')}</Badge>}
          {picture.is_validated === false && <Badge color="red">{t('review.badge.retouch')}</Badge>}
          {picture.is_validated === null && <Badge color="gray">{t('review.badge.unseen')}</Badge>}
          <PictureTypeBadge listingId={listingId} serviceOfferId={picture.service_offer_id} />
        </Group>
        <Group>
          <Button color="green" disabled={picture.is_validated === true || comment.isPending} loading={validation.isPending} onClick={() => void decide(true)}>
            {t('review.validate')}
          </Button>
          {/* While a comment is being posted, retouch waits for it (it needs a comment on the picture). */}
          <Button color="red" variant="light" disabled={picture.is_validated === false} loading={validation.isPending || comment.isPending} onClick={() => void decide(false)}>
            {t('review.send_retouch_picture')}
          </Button>
        </Group>
        {validation.isError && (
          <Alert color="red" role="alert">
            {t('review.action_failed')}
          </Alert>
        )}
        <Stack gap="xs">
          <Text fw={700}>{t('review.comments')}</Text>
          {picture.comments.length === 0 && <Text c="dimmed">{t('review.no_comments')}</Text>}
          {picture.comments.map((c) => (
            <CommentThread key={c.id} listingId={listingId} comment={c} />
          ))}
          <Textarea
            label={t('review.comment_label')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={commentError === 'required' ? t('review.comment_required') : commentError === 'empty' ? t('review.comment_empty') : undefined}
            maxLength={5000}
            autosize
            minRows={2}
          />
          <Group>
            <Button variant="default" loading={comment.isPending} onClick={() => void post()}>
              {t('review.comment_post')}
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Modal>
  );
}

/**
 * One comment (a review comment or the broker's delivery feedback) with its replies. An open
 * ticket offers a reply box; a resolved one says so instead (part 1 §4 'Follow-ups only while
 * open'). A reply that does not get through is said in the dialog and its text stays.
 */
function CommentThread({ listingId, comment }: { listingId: number; comment: ReviewComment }) {
  const { t, i18n } = useTranslation();
  const reply = useCommentMutation(listingId);
  const [text, setText] = useState('');
  const send = async () => {
    if (await reply.mutateAsync({ ticketId: comment.id, text }).then(() => true, () => false)) setText('');
  };
  return (
    // A long word or link wraps inside the dialog instead of widening it.
    <Paper withBorder p="xs" style={{ overflowWrap: 'anywhere' }}>
      <Text size="sm">
        <strong>
          {comment.creator.firstname} {comment.creator.lastname}
        </strong>{' '}
        <Text span c="dimmed" size="xs">
          {formatTimestamp(comment.created_at, i18n.language)}
        </Text>
      </Text>
      <Text>{comment.description}</Text>
      {comment.followups.map((f) => (
        <Text key={f.id} size="sm" pl="md">
          ↳ <strong>{t('review.followup_by', { name: f.creator.firstname })}</strong> {f.message}
        </Text>
      ))}
      {reply.isError && (
        <Alert color="red" role="alert" mt={4}>
          {t('review.action_failed')}
        </Alert>
      )}
      {comment.resolved ? (
        <Text size="sm" c="dimmed" mt={4}>
          {t('review.comment_resolved')}
        </Text>
      ) : (
        <Group mt={4} align="flex-end" wrap="nowrap">
          <Textarea aria-label={t('review.reply_label')} placeholder={t('review.reply_label')} value={text} onChange={(e) => setText(e.currentTarget.value)} autosize minRows={1} style={{ flex: 1 }} maxLength={5000} />
          <Button size="xs" variant="default" disabled={!text.trim()} loading={reply.isPending} onClick={() => void send()}>
            {t('review.reply')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
