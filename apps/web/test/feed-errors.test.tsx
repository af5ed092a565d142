import { FEED_LIMITS, type Post } from '@funkis/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PostCard } from '../src/features/feed/components/post-card';
import { PostComposer } from '../src/features/feed/components/post-composer';
import { mockFetch, renderWithProviders, testUser } from './test-utils';

/** A refused post says why as an alert (read out at once), linked to the message field; the count is not an alert. */
describe('the feed composer', () => {
  it('announces the server refusal and keeps the message', async () => {
    mockFetch((call) =>
      call.method === 'POST'
        ? {
            status: 400,
            body: {
              success: false,
              errorMessages: ['server text'],
              errors: [{ code: 'error.required', params: {} }],
            },
          }
        : { body: { groups: [] } },
    );
    renderWithProviders(<PostComposer eventId={7} roleLevel={1} ownGroup={null} />, { user: testUser });
    const message = screen.getByRole('textbox', { name: 'Write a post' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(message, 'Doors open at nine');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This field is required.');
    await waitFor(() => expect(message).toHaveAccessibleDescription('This field is required.'));
    expect(message).toHaveValue('Doors open at nine');
  });
});

const post: Post = {
  id: 21,
  author: { id: 1, firstname: 'Åsa', lastname: 'Berg', avatar: null },
  message: 'Parking opens at eight',
  createdAt: '2026-11-20T08:00:00.000Z',
  editedAt: null,
  pinned: false,
  group: null,
  comments: [],
  canEdit: true,
  canDelete: true,
  canPin: true,
};

/** A pin the server refuses (the event has the most pinned posts it may have) says why; the post stays unpinned. */
describe('pinning a post', () => {
  it('shows the refusal with its number and leaves the post as it was', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'POST' && call.url.endsWith('/event/7/posts/21/pin')
        ? {
            status: 409,
            body: {
              success: false,
              errorMessages: ['server text'],
              errors: [{ code: 'feed.pinnedLimit', params: { max: FEED_LIMITS.PINNED_MAXIMUM } }],
            },
          }
        : { status: 404, body: { success: false, errorMessages: ['unexpected'], errors: [] } },
    );
    renderWithProviders(<PostCard post={post} eventId={7} />, { user: testUser });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pin post' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`At most ${FEED_LIMITS.PINNED_MAXIMUM} posts can be pinned. Unpin one first.`);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ pinned: true }]);
    expect(screen.getByRole('button', { name: 'Pin post' })).toBeInTheDocument();
    expect(screen.queryByText('Pinned')).not.toBeInTheDocument();
  });
});
