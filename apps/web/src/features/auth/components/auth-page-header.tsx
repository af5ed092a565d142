import Typography from '@mui/material/Typography';

export function AuthPageHeader({ title, instruction }: { title: string; instruction?: string }) {
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {instruction ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {instruction}
        </Typography>
      ) : null}
    </>
  );
}
