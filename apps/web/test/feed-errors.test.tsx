import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
