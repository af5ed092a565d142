import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeQr, decodeQrFile } from '../decode-qr';

/** How often a camera frame is read (a phone's CPU is shared with the camera preview). */
const FRAME_INTERVAL_MS = 250;

/**
 * Reads a member's code: "Scan a code" opens the camera (the back one on a phone) and reads frames until a code is
 * found; "Upload a photo of the code" reads a picture the same way (no camera, or a code sent as an image).
 */
export function Scanner({ onCode }: { onCode(code: string): void }) {
  const { t } = useTranslation('event-day');
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fileInput = useRef<HTMLInputElement>(null);
  const [isScanning, setScanning] = useState(false);
  const [isDecoding, setDecoding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setScanning(false);
  }, []);

  useEffect(() => stop, [stop]);

  const readFrame = useCallback(async () => {
    const element = video.current;
    if (!stream.current) return;
    // Until the video element is there and playing, the next frame is tried later (a busy phone renders late).
    if (element && element.readyState >= 2 && element.videoWidth > 0) {
      const text = await decodeQr(element, element.videoWidth, element.videoHeight).catch(() => null);
      if (text && stream.current) {
        stop();
        onCode(text);
        return;
      }
    }
    if (stream.current) timer.current = setTimeout(() => void readFrame(), FRAME_INTERVAL_MS);
  }, [onCode, stop]);

  /**
   * The video element appears with the scanning state, whenever React renders it: the stream is given to it then.
   * (Waiting a frame after setting the state was not enough on a busy machine: the element came later and never
   * got the stream.)
   */
  const showCamera = useCallback((element: HTMLVideoElement | null) => {
    video.current = element;
    if (!element || !stream.current || element.srcObject === stream.current) return;
    element.srcObject = stream.current;
    void element.play().catch(() => undefined);
  }, []);

  const start = async () => {
    setProblem(null);
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      stream.current = media;
      setScanning(true);
      void readFrame();
    } catch {
      stop();
      setProblem(t('checkIn.cameraError'));
    }
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setDecoding(true);
    try {
      const text = await decodeQrFile(file).catch(() => null);
      if (text) onCode(text);
      else setProblem(t('checkIn.noCodeFound'));
    } finally {
      setDecoding(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {isScanning ? (
          <Button variant="outlined" startIcon={<StopCircleOutlined />} onClick={stop}>
            {t('checkIn.stopScan')}
          </Button>
        ) : (
          <Button variant="contained" startIcon={<QrCodeScannerOutlined />} onClick={() => void start()}>
            {t('checkIn.scan')}
          </Button>
        )}
        <Button
          variant="outlined"
          startIcon={<PhotoCameraOutlined />}
          onClick={() => fileInput.current?.click()}
          loading={isDecoding}
        >
          {t('checkIn.upload')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          aria-label={t('checkIn.upload')}
          data-testid="code-photo"
          onChange={(event) => void readFile(event.target.files?.[0])}
        />
      </Stack>
      {isScanning ? (
        <Box sx={{ maxWidth: 480 }}>
          <Box
            component="video"
            ref={showCamera}
            muted
            playsInline
            aria-label={t('checkIn.camera')}
            sx={{ width: '100%', borderRadius: 1, bgcolor: 'common.black' }}
          />
          <Typography variant="body2" color="text.secondary">
            {t('checkIn.camera')}
          </Typography>
        </Box>
      ) : null}
      {isDecoding ? <Typography variant="body2">{t('checkIn.decoding')}</Typography> : null}
      {problem ? (
        <Alert severity="warning" role="alert">
          {problem}
        </Alert>
      ) : null}
    </Stack>
  );
}
