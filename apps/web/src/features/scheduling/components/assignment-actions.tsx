import type { Attendance, Shift, ShiftAssignee, ShiftBlock } from '@funkis/shared';
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeline } from '../api/get-timeline';
import { useMoveAssignment } from '../api/move-assignment';
import { useSetAttendance } from '../api/set-attendance';
import { useEventZone } from './event-zone';
import { formatShiftTime } from './format';
import { addDays, dayStart, toDayKey } from './period';

export interface AssignmentActionsProps {
  eventId: number;
  shift: Shift;
  assignment: ShiftAssignee;
  /** Shifts the caller organises (moves go only there; the server checks again). */
  canOrganise(block: ShiftBlock): boolean;
  /** The page's runner: shows the notice on success, the server's messages on failure. */
  run(work: () => Promise<unknown>, done: string): Promise<void>;
}

/**
 * After a move the person's row leaves the shift, and with it the button the menu gave focus back to: focus would
 * fall to the page, where a keyboard user's Escape or Tab no longer reaches the open dialog. Keep it in the dialog.
 */
function keepFocusIn(dialog: HTMLElement | null) {
  if (!dialog) return;
  const observer = new MutationObserver(() => restore());
  const timer = setTimeout(() => stop(), 5000);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  function restore() {
    if (!dialog?.isConnected) return stop();
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    if (!dialog.hasAttribute('tabindex')) dialog.setAttribute('tabindex', '-1');
    dialog.focus();
    stop();
  }
  // The list refreshes after the move: watch the dialog until the row is gone and focus has fallen out.
  observer.observe(dialog, { childList: true, subtree: true });
  restore();
}

/**
 * Per assigned person, for organisers: "move to…" (a menu of the same day's shifts with places free: the keyboard
 * way to move, one server call) and, once the shift has started, arrived / no-show.
 */
export function AssignmentActions({ eventId, shift, assignment, canOrganise, run }: AssignmentActionsProps) {
  const { t, i18n } = useTranslation('planning');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const moveMutation = useMoveAssignment(eventId);
  const attendanceMutation = useSetAttendance(eventId);
  const name = `${assignment.firstname} ${assignment.lastname}`;
  const zone = useEventZone();
  // The shift's day in the event's zone (the viewer's without one).
  const day = dayStart(toDayKey(new Date(shift.startsAt), zone), zone);
  const candidates = useTimeline(
    eventId,
    { from: day.toISOString(), to: addDays(day, 1, zone).toISOString(), groupId: '' },
    anchor !== null,
  );
  const targets = (candidates.data?.shifts ?? []).filter(
    (block) => block.id !== shift.id && block.filled < block.capacity && canOrganise(block),
  );
  const started = Date.parse(shift.startsAt) <= Date.now();
  const menuId = `move-menu-${assignment.id}`;

  return (
    <>
      <IconButton
        size="small"
        aria-label={t('move.open', { name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <DriveFileMoveOutlined fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListSubheader>{t('move.menuTitle', { name })}</ListSubheader>
        {candidates.isSuccess && targets.length === 0 ? <MenuItem disabled>{t('move.none')}</MenuItem> : null}
        {targets.map((block) => (
          <MenuItem
            key={block.id}
            onClick={() => {
              keepFocusIn(anchor?.closest<HTMLElement>('[role="dialog"]') ?? null);
              setAnchor(null);
              void run(
                () => moveMutation.mutateAsync({ shiftId: shift.id, assignmentId: assignment.id, toShiftId: block.id }),
                t('move.done', { title: block.title }),
              );
            }}
          >
            {`${block.title} · ${formatShiftTime(i18n.language, block.startsAt, block.endsAt, zone)}${
              block.location ? ` · ${block.location}` : ''
            } (${block.filled}/${block.capacity})`}
          </MenuItem>
        ))}
      </Menu>
      {started ? (
        <ToggleButtonGroup
          size="small"
          exclusive
          aria-label={t('attendance.label', { name })}
          value={assignment.attendance ?? null}
          onChange={(_, value: Attendance | null) =>
            void run(
              () =>
                attendanceMutation.mutateAsync({ shiftId: shift.id, assignmentId: assignment.id, attendance: value }),
              t('attendance.done'),
            )
          }
          sx={{ ml: 0.5 }}
        >
          <ToggleButton value="arrived" sx={{ py: 0.25 }}>
            {t('attendance.arrived')}
          </ToggleButton>
          <ToggleButton value="no_show" sx={{ py: 0.25 }}>
            {t('attendance.noShow')}
          </ToggleButton>
        </ToggleButtonGroup>
      ) : null}
    </>
  );
}
