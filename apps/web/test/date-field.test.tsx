import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateTimeField } from '../src/components/forms/date-field';
import { FormFieldInput } from '../src/components/forms/form-field-input';
import { StatisticsFilters } from '../src/features/statistics/components/statistics-filters';
import { i18n } from '../src/lib/i18n';
import { renderWithProviders } from './test-utils';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** A date-time field that keeps what is typed, as the shift dialogs do. */
function HeldDateTime({ initial, onChange }: { initial: string; onChange(value: string): void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateTimeField
      label="Start"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      required
    />
  );
}

const filter = { status: [], groupId: [], week: [], from: '2026-07-01', to: '2026-07-14' };

/** Date inputs follow the app's language (the pickers' format), not the browser's mm/dd/yyyy. */
describe('dates in the app language', () => {
  it('shows the statistics range as a Swede writes it', async () => {
    await i18n.changeLanguage('sv');
    renderWithProviders(<StatisticsFilters filter={filter} groups={[]} weeks={null} onChange={() => {}} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Från' })).toHaveValue('2026-07-01'));
    expect(screen.getByRole('textbox', { name: 'Till' })).toHaveValue('2026-07-14');
  });

  it('shows them as a German writes them, and in English as English does', async () => {
    await i18n.changeLanguage('de');
    const { unmount } = renderWithProviders(
      <StatisticsFilters filter={filter} groups={[]} weeks={null} onChange={() => {}} />,
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('01.07.2026'));
    unmount();
    await i18n.changeLanguage('en');
    renderWithProviders(<StatisticsFilters filter={filter} groups={[]} weeks={null} onChange={() => {}} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('07/01/2026'));
  });

  it("answers an application form's date question as an ISO day whatever the language", async () => {
    await i18n.changeLanguage('sv');
    const onChange = vi.fn();
    renderWithProviders(
      <FormFieldInput
        field={{ name: 'arrival', type: 'date', label: 'Ankomst', required: true }}
        value="2026-07-03"
        onChange={onChange}
      />,
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Ankomst/ })).toHaveValue('2026-07-03'));
    expect(screen.getByRole('textbox', { name: /Ankomst/ })).toBeEnabled();
  });

  it("shows a shift's time as a Swede or an English speaker writes it, and answers the wall-clock time", async () => {
    await i18n.changeLanguage('sv');
    const onChange = vi.fn();
    const { unmount } = renderWithProviders(
      <DateTimeField label="Start" value="2030-07-03T14:30" onChange={onChange} required />,
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Start/ })).toHaveValue('2030-07-03 14:30'));
    unmount();
    await i18n.changeLanguage('en');
    renderWithProviders(<HeldDateTime initial="2030-07-03T14:30" onChange={onChange} />);
    const field = await waitFor(() => {
      const found = screen.getByRole('textbox', { name: /Start/ });
      expect(found).toHaveValue('07/03/2030 02:30 PM');
      return found;
    });
    const user = userEvent.setup();
    await user.click(field);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.keyboard('070420300915A');
    expect(onChange).toHaveBeenLastCalledWith('2030-07-04T09:15');
  });

  it('types a date and time in Swedish, whose format is ISO, section by section through the picker', async () => {
    await i18n.changeLanguage('sv');
    const onChange = vi.fn();
    renderWithProviders(<HeldDateTime initial="2030-07-03T14:30" onChange={onChange} />);
    const field = await waitFor(() => {
      const found = screen.getByRole('textbox', { name: /Start/ });
      expect(found).toHaveValue('2030-07-03 14:30');
      return found;
    });
    const user = userEvent.setup();
    await user.click(field);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.keyboard('203007150905');
    expect(onChange).toHaveBeenLastCalledWith('2030-07-15T09:05');
    expect(field).toHaveValue('2030-07-15 09:05');
  });

  it('takes a whole ISO value put in at once (pasted, or filled by a program) in a field of another format', async () => {
    await i18n.changeLanguage('en');
    const onChange = vi.fn();
    renderWithProviders(<HeldDateTime initial="" onChange={onChange} />);
    const field = await screen.findByRole('textbox', { name: /Start/ });
    await waitFor(() => expect(field).toHaveAttribute('placeholder', 'MM/DD/YYYY hh:mm aa'));
    fireEvent.change(field, { target: { value: '2030-07-04T09:15' } });
    expect(onChange).toHaveBeenLastCalledWith('2030-07-04T09:15');
    await waitFor(() => expect(field).toHaveValue('07/04/2030 09:15 AM'));
    // A program that replaced only the selected section leaves the others' placeholders beside the ISO value.
    fireEvent.change(field, { target: { value: '2030-07-05T10:30/DD/YYYY hh:mm aa' } });
    expect(onChange).toHaveBeenLastCalledWith('2030-07-05T10:30');
    // Not a date: left to the picker, which takes nothing from it.
    onChange.mockClear();
    fireEvent.change(field, { target: { value: '2030-13-45T09:15' } });
    expect(onChange).not.toHaveBeenCalledWith('2030-13-45T09:15');
  });
});
