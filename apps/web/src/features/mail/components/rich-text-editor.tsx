import FormatBoldOutlined from '@mui/icons-material/FormatBoldOutlined';
import FormatItalicOutlined from '@mui/icons-material/FormatItalicOutlined';
import FormatListBulletedOutlined from '@mui/icons-material/FormatListBulletedOutlined';
import FormatListNumberedOutlined from '@mui/icons-material/FormatListNumberedOutlined';
import InsertLinkOutlined from '@mui/icons-material/InsertLinkOutlined';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormAnnouncer } from '../../../components/forms/form';
import { FormDialog } from '../../../components/forms/form-dialog';
import { cleanHtml } from '../../../lib/safe-html';

const SAFE_LINK = /^(https?:\/\/\S+|mailto:\S+@\S+)$/i;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A small rich-text editor (contentEditable and the browser's editing commands): bold, italic, lists and
 * links, nothing else. What it produces is only a proposal: the server keeps what its allow-list lets
 * through (decision 008). Ctrl+B and Ctrl+I work as in any editor.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  error,
  helperText,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: boolean;
  helperText: ReactNode;
}) {
  const { t } = useTranslation('mail');
  const id = useId();
  const editor = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [isLinking, setIsLinking] = useState(false);
  const [link, setLink] = useState('https://');
  const [linkError, setLinkError] = useState<string | null>(null);
  const linkAnnouncer = useFormAnnouncer();

  // The content comes from outside only when it was not typed here: a restored draft, a discarded one.
  useEffect(() => {
    const element = editor.current;
    if (element && element.innerHTML !== value) element.innerHTML = cleanHtml(value);
  }, [value]);

  const changed = () => onChange(editor.current?.innerHTML ?? '');

  const run = (command: string, argument?: string) => {
    editor.current?.focus();
    document.execCommand(command, false, argument);
    changed();
  };

  const openLink = () => {
    const selection = window.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    savedRange.current = range && editor.current?.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
    setLink('https://');
    setLinkError(null);
    setIsLinking(true);
  };

  const addLink = () => {
    const address = link.trim();
    if (!SAFE_LINK.test(address)) {
      setLinkError(t('editor.linkInvalid'));
      linkAnnouncer.announce(1);
      return;
    }
    linkAnnouncer.announce(0);
    setIsLinking(false);
    const element = editor.current;
    if (!element) return;
    element.focus();
    const selection = window.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    if (!savedRange.current || savedRange.current.collapsed) {
      run('insertHTML', `<a href="${escapeHtml(address)}">${escapeHtml(address)}</a>`);
    } else {
      run('createLink', address);
    }
  };

  const tools = [
    { key: 'bold', icon: <FormatBoldOutlined />, action: () => run('bold') },
    { key: 'italic', icon: <FormatItalicOutlined />, action: () => run('italic') },
    { key: 'bulletList', icon: <FormatListBulletedOutlined />, action: () => run('insertUnorderedList') },
    { key: 'numberedList', icon: <FormatListNumberedOutlined />, action: () => run('insertOrderedList') },
    { key: 'link', icon: <InsertLinkOutlined />, action: openLink },
  ];

  return (
    <Box>
      <FormLabel id={`${id}-label`} required error={error} sx={{ display: 'block', mb: 0.5 }}>
        {label}
      </FormLabel>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: 1 },
        }}
      >
        <Box
          role="toolbar"
          aria-label={t('editor.toolbar')}
          aria-controls={`${id}-editor`}
          sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider', p: 0.5 }}
        >
          {tools.map((tool) => (
            <Tooltip key={tool.key} title={t(`editor.${tool.key}`)}>
              <IconButton
                size="small"
                aria-label={t(`editor.${tool.key}`)}
                // Keeps the selection in the editor while the button is pressed.
                onMouseDown={(event) => event.preventDefault()}
                onClick={tool.action}
              >
                {tool.icon}
              </IconButton>
            </Tooltip>
          ))}
        </Box>
        <Box
          ref={editor}
          id={`${id}-editor`}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-help`}
          aria-invalid={error ? 'true' : undefined}
          contentEditable
          suppressContentEditableWarning
          tabIndex={0}
          onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
          onInput={changed}
          onBlur={changed}
          data-testid="rich-text-editor"
          sx={{
            minHeight: 200,
            p: 1.5,
            outline: 'none',
            overflowWrap: 'anywhere',
            '& p': { my: 1 },
            '& a': { color: 'primary.main' },
          }}
        />
      </Box>
      <FormHelperText id={`${id}-help`} error={error}>
        {helperText}
      </FormHelperText>
      <FormDialog
        open={isLinking}
        onClose={() => setIsLinking(false)}
        maxWidth="xs"
        title={t('editor.linkTitle')}
        submitLabel={t('editor.linkAdd')}
        announcer={linkAnnouncer}
        onSubmit={addLink}
      >
        <TextField
          label={t('editor.linkAddress')}
          value={link}
          onChange={(event) => setLink(event.target.value)}
          error={Boolean(linkError)}
          helperText={linkError ?? t('editor.linkHelp')}
          autoFocus
          fullWidth
        />
      </FormDialog>
    </Box>
  );
}
