import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g;

/**
 * A member's text as plain text: line breaks kept, http(s) addresses made links, nothing ever read as markup
 * (React escapes every character; no HTML is built from the text).
 */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    // dir="auto": a message takes its own direction (an English post in a right-to-left page keeps its full stop).
    <Typography component="div" variant="body1" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <Link key={index} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <span key={index}>{part}</span>
        ),
      )}
    </Typography>
  );
}
