import type { Shift, ShiftBlock } from '@funkis/shared';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParamsChanges } from '../../../hooks/use-list-search-params';
import { NO_SHIFT_FILTERS, useShifts } from '../api/get-shifts';
import { defaultTimelineDay, parseSchedulingView, type SchedulingView, type TimelineRows } from '../api/view-params';
import { useEventZone } from './event-zone';
import { HoursView } from './hours-view';
import { OpenPlacesView } from './open-places-view';
import { type Period, toDayKey } from './period';
import { ShiftDialog } from './shift-dialog';
import { TimelineView } from './timeline-view';

/**
 * The screen's view, its timeline period and rows, kept in the URL (`?view=timeline&span=week&date=…&by=group`)
 * so a reload or a shared link opens the same view (read by `parseSchedulingView`, as the route's loader does).
 * Each change is a step of the history, and builds on the last change asked for (`useSearchParamsChanges`): "Next
 * period" twice while the next week loads moves two weeks. The period changes as a function of the period it
 * applies to, for that reason.
 */
export function useSchedulingView(organiser: boolean, eventId: number, eventStartsAt?: string | null) {
  const [params, change] = useSearchParamsChanges();
  const zone = useEventZone();
  // The shift list the screen shows anyway (the route's loader started it): the timeline opens where shifts are.
  const shifts = useShifts(eventId, NO_SHIFT_FILTERS).data?.shifts;
  const parse = (search: URLSearchParams) =>
    parseSchedulingView(search, organiser, zone, new Date(), defaultTimelineDay(shifts, eventStartsAt, zone));
  const { view, allowed, period, rows } = parse(params);
  const update = (changes: (latest: URLSearchParams) => Record<string, string>) =>
    change((latest) => {
      const next = new URLSearchParams(latest);
      for (const [key, value] of Object.entries(changes(latest))) next.set(key, value);
      return next;
    }, 'push');
  return {
    view,
    allowed,
    period,
    rows,
    setView: (next: SchedulingView) => update(() => ({ view: next })),
    setPeriod: (next: (current: Period) => Period) =>
      update((latest) => {
        const changed = next(parse(latest).period);
        return { span: changed.span, date: toDayKey(changed.start, zone) };
      }),
    setRows: (next: TimelineRows) => update(() => ({ by: next })),
  };
}

export function ViewSwitch({
  view,
  allowed,
  onChange,
}: {
  view: SchedulingView;
  allowed: SchedulingView[];
  onChange(view: SchedulingView): void;
}) {
  const { t } = useTranslation('planning');
  const tabsRef = useRef<HTMLDivElement>(null);
  // On a phone (320 px) the tabs scroll sideways: the selected one is brought into view, also when the view comes
  // from the URL or the labels change width once their texts and fonts arrive (watched until then). Only the tab
  // strip scrolls, never the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the view or the texts change, on purpose
  useEffect(() => {
    const root = tabsRef.current;
    const scroller = root?.querySelector<HTMLElement>('.MuiTabs-scroller');
    const list = root?.querySelector<HTMLElement>('[role="tablist"]');
    if (!root || !scroller || !list) return;
    const reveal = () => {
      const selected = root.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      if (!selected) return;
      const box = scroller.getBoundingClientRect();
      const tab = selected.getBoundingClientRect();
      if (tab.left < box.left) scroller.scrollLeft -= box.left - tab.left;
      else if (tab.right > box.right) scroller.scrollLeft += tab.right - box.right;
    };
    // MUI animates the strip towards the selected tab for 300 ms, measured before the scroll buttons narrowed it:
    // reveal once that animation is over, and again whenever the strip or its tabs change size.
    let timer = window.setTimeout(reveal, 350);
    const later = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(reveal, 350);
    };
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(later);
    observer?.observe(scroller);
    observer?.observe(list);
    return () => {
      window.clearTimeout(timer);
      observer?.disconnect();
    };
  }, [view, t]);
  return (
    <Tabs
      ref={tabsRef}
      value={view}
      onChange={(_, next: SchedulingView) => onChange(next)}
      aria-label={t('views.label')}
      variant="scrollable"
      allowScrollButtonsMobile
    >
      {allowed.map((item) => (
        <Tab key={item} value={item} label={t(`views.${item}`)} />
      ))}
    </Tabs>
  );
}

export interface PlanningViewsProps {
  eventId: number;
  organiser: boolean;
  admin: boolean;
  state: ReturnType<typeof useSchedulingView>;
  renderShift(shift: Shift): ReactNode;
  run(work: () => Promise<unknown>, done: string): Promise<void>;
}

/** The views beside the list: timeline, open places (organisers), hours (organisers); a shift opens in a dialog. */
export function PlanningViews({ eventId, organiser, admin, state, renderShift, run }: PlanningViewsProps) {
  const [open, setOpen] = useState<ShiftBlock | null>(null);
  return (
    <>
      {state.view === 'timeline' ? (
        <TimelineView
          eventId={eventId}
          period={state.period}
          rows={state.rows}
          organiser={organiser}
          onPeriodChange={state.setPeriod}
          onRowsChange={state.setRows}
          onOpen={setOpen}
        />
      ) : null}
      {state.view === 'open' && organiser ? (
        <OpenPlacesView eventId={eventId} admin={admin} onOpen={setOpen} run={run} />
      ) : null}
      {state.view === 'hours' && organiser ? <HoursView eventId={eventId} admin={admin} /> : null}
      {open ? (
        <ShiftDialog eventId={eventId} block={open} onClose={() => setOpen(null)} renderShift={renderShift} />
      ) : null}
    </>
  );
}
