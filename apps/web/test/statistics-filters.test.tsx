import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatisticsFilters } from '../src/features/statistics/components/statistics-filters';
import { renderWithProviders, testUser } from './test-utils';

const weeks = {
  formFieldName: 'week',
  filterLabel: 'Festival week',
  columnLabel: 'Week',
  options: [
    { value: 'w1', label: 'Week 1' },
    { value: 'w2', label: 'Week 2' },
  ],
};

describe('statistics filters', () => {
  it('draws each label above its value "Any", never on top of it, and stacks without flex gaps', async () => {
    renderWithProviders(
      <StatisticsFilters
        filter={{ status: [], groupId: [], week: [], from: '', to: '' }}
        groups={[{ value: '3', label: 'Bar' }]}
        weeks={weeks}
        onChange={() => {}}
      />,
      { user: testUser, route: '/event/7/statistics' },
    );
    for (const name of ['Status', 'Group', 'Festival week']) {
      const combobox = await screen.findByRole('combobox', { name: new RegExp(name) });
      expect(combobox).toHaveTextContent('Any');
      const control = combobox.closest('.MuiFormControl-root') as HTMLElement;
      // A label not shrunk sits inside the field, over the value.
      expect(control.querySelector('label')).toHaveAttribute('data-shrink', 'true');
      expect(getComputedStyle(control).flexBasis).not.toBe('160px');
    }
    const form = screen.getByRole('search');
    expect(getComputedStyle(form).display).toBe('grid');
  });

  it('hands on only the filter that changed, so a change made meanwhile to another one stays', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <StatisticsFilters
        filter={{ status: [], groupId: ['3'], week: [], from: '', to: '' }}
        groups={[{ value: '3', label: 'Bar' }]}
        weeks={weeks}
        onChange={onChange}
      />,
      { user: testUser, route: '/event/7/statistics' },
    );
    await userEvent.click(await screen.findByRole('combobox', { name: /Status/ }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /Accepted/ }));
    expect(onChange).toHaveBeenLastCalledWith({ status: ['accepted'] });
  });
});
