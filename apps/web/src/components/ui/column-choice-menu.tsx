import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewColumn from '@mui/icons-material/ViewColumn';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';

/** One column a table offers: shown (and exported) or not. */
export interface ColumnChoice<Field extends string = string> {
  field: Field;
  label: string;
  isVisible: boolean;
}

interface ColumnChoiceMenuProps<Field extends string> {
  /** The menu's element id (unique on the page). */
  id: string;
  /** The button's text ("Columns"). */
  label: string;
  columns: ColumnChoice<Field>[];
  onToggle: (field: Field) => void;
}

/**
 * A "Columns" button opening a menu of check items (`menuitemcheckbox`, the box only drawn), one per column: the
 * column choice of a table whose export follows what is shown (the users table, hours per volunteer). Keeping
 * the choice is the caller's (`useColumnChoice`).
 */
export function ColumnChoiceMenu<Field extends string>({ id, label, columns, onToggle }: ColumnChoiceMenuProps<Field>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        startIcon={<ViewColumn />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? id : undefined}
      >
        {label}
      </Button>
      <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {columns.map((column) => (
          <MenuItem
            key={column.field}
            role="menuitemcheckbox"
            aria-checked={column.isVisible}
            onClick={() => onToggle(column.field)}
          >
            {/* A picture of the state only: the item is the check control (no input nested in it). */}
            <ListItemIcon aria-hidden>
              {column.isVisible ? (
                <CheckBox fontSize="small" color="primary" />
              ) : (
                <CheckBoxOutlineBlank fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText>{column.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The columns of `catalogue` a visibility model shows (a column not listed is shown), in the catalogue's order. */
export function visibleColumns<Field extends string>(
  catalogue: readonly Field[],
  visibility: Record<string, boolean>,
): Field[] {
  return catalogue.filter((field) => visibility[field] !== false);
}
