import type { ApplyPage as ApplyPageData } from '@funkis/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApplyPage } from '../src/features/apply/components/apply-page';
import { mockFetch, renderApp, renderWithProviders, testUser } from './test-utils';

const page = (change: Partial<ApplyPageData> = {}): ApplyPageData => ({
  event: { id: 7, name: 'Camp', avatarUrl: null, description: 'A week in the woods.' },
  form: {
    fields: [
      { name: 'intro', type: 'heading', label: 'About you', required: false },
      { name: 'name', type: 'text', label: 'Full name', required: true },
      { name: 'phone', type: 'phone', label: 'Phone', required: false },
      { name: 'terms', type: 'checkbox', label: 'I accept the rules', required: true },
    ],
  },
  applicationsOpen: true,
  application: null,
  membership: null,
  ...change,
});

const renderPage = () => renderWithProviders(<ApplyPage eventId={7} />, { user: testUser });

describe('apply page', { timeout: 40_000 }, () => {
  it('shows the closed state', async () => {
    mockFetch(() => ({ body: page({ applicationsOpen: false }) }));
    renderPage();
    expect(await screen.findByText('Applications are closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument();
    expect(document.title).toBe('Apply to Camp | Funkis');
  });

  it('shows an application already sent with its status', async () => {
    mockFetch(() => ({ body: page({ application: { status: 'accepted', createdAt: '2026-03-01T10:00:00.000Z' } }) }));
    renderPage();
    expect(await screen.findByText('Application submitted')).toBeInTheDocument();
    expect(screen.getByText('Accepted')).toBeInTheDocument();
  });

  it('shows an unknown event as not found', async () => {
    mockFetch(() => ({ status: 404, body: { errorMessages: ['Not found.'] } }));
    renderPage();
    expect(await screen.findByText('Event not found')).toBeInTheDocument();
  });

  it('checks answers in the browser, shows the server’s field errors, then the submitted state', async () => {
    const user = userEvent.setup();
    let posts = 0;
    const { calls } = mockFetch(({ method }) => {
      if (method === 'GET') return { body: page() };
      posts += 1;
      if (posts === 1) {
        return {
          status: 400,
          body: {
            errorMessages: ['Phone: The phone number is invalid. Use 5 to 30 digits, spaces and + - ( ).'],
            errors: [{ code: 'error.phoneInvalid', field: 'phone' }],
            fieldErrors: { phone: 'The phone number is invalid. Use 5 to 30 digits, spaces and + - ( ).' },
          },
        };
      }
      return {
        status: 201,
        body: { application: { id: 3, status: 'pending', createdAt: '2026-03-01T10:00:00.000Z' }, success: true },
      };
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Send application' }));
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByText('This field must be checked.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /Full name/ }), { target: { value: '  Åsa Berg ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: '070 123 45 67' } });
    await user.click(screen.getByRole('checkbox', { name: /I accept the rules/ }));
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText(/The phone number is invalid/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      answers: { name: 'Åsa Berg', phone: '070 123 45 67', terms: true },
    });

    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(screen.getByText('Application submitted')).toBeInTheDocument());
    expect(screen.getByText('Pending')).toBeInTheDocument();
    // The form is gone: the confirmation takes the focus, not the page.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Application submitted' })).toHaveFocus());
  });

  it('does not take the focus for an application sent on an earlier visit', async () => {
    mockFetch(() => ({ body: page({ application: { status: 'pending', createdAt: '2026-03-01T10:00:00.000Z' } }) }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Application submitted' })).not.toHaveFocus();
  });

  it('shows a member their membership instead of the form', async () => {
    mockFetch(() => ({ body: page({ membership: { roleLevel: 2, group: { id: 4, name: 'Security' } } }) }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'You are a member of this event' })).toBeInTheDocument();
    expect(screen.getByText(/You take part as volunteer in/)).toHaveTextContent(
      'You take part as volunteer in Security.',
    );
    expect(screen.getByText('Security').tagName).toBe('BDI');
    expect(screen.getByRole('link', { name: 'Open the event' })).toHaveAttribute('href', '/event/7');
    expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument();
  });

  it('shows an admin without a group their role', async () => {
    mockFetch(() => ({ body: page({ membership: { roleLevel: 0, group: null } }) }));
    renderPage();
    expect(await screen.findByText('You take part as admin.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Application form' })).not.toBeInTheDocument();
  });
});

describe('apply link opened while logged out', { timeout: 40_000 }, () => {
  it("shows the event's name and picture with the way to apply above the login form", async () => {
    const { calls } = mockFetch(({ url }) =>
      url.endsWith('/apply/preview')
        ? { body: { event: { id: 7, name: 'Harbour Festival', avatarUrl: '/api/event/7/avatar?v=1' } } }
        : { status: 401, body: {} },
    );
    renderApp({ route: '/event/7/apply' });
    const preview = await screen.findByTestId('apply-preview');
    expect(preview).toHaveTextContent('Harbour Festival');
    expect(preview).toHaveTextContent('Log in or create an account to apply.');
    expect(preview.querySelector('img')).toHaveAttribute('src', '/api/event/7/avatar?v=1');
    expect(screen.getByRole('button', { name: /log in/i })).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/api/event/7/apply/preview'))).toBe(true);
  });

  it('shows the plain login page when the event does not take applications (404)', async () => {
    mockFetch(({ url }) =>
      url.endsWith('/apply/preview') ? { status: 404, body: { errorMessages: ['Not found.'] } } : { status: 401 },
    );
    renderApp({ route: '/event/7/apply' });
    expect(await screen.findByRole('button', { name: /log in/i })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('apply-preview')).not.toBeInTheDocument();
  });
});
