/**
 * Account Settings' photo: the current one (or the initial), "Upload photo" (PNG, JPEG or WebP, at
 * most 2 MB, checked here as the server will) and "Remove". Photos are uploads served by Stride;
 * an address on another site is never accepted.
 */
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PhotoCameraIcon from '@mui/icons-material/AddAPhotoOutlined';
import { Alert, Avatar, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useRef, useState, type ChangeEvent } from 'react';
import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES } from '../../../core/profile-photo.ts';
import type { Profile } from '../../../core/profile.ts';
import { profilePhotoFileProblem, type useProfilePhoto } from '../lib/profile.ts';

/** `photo` is held by the page, so an upload under way survives the form starting afresh. */
export function ProfilePhotoPicker({
  profile,
  photo: { upload, remove },
  displayName,
}: {
  profile: Profile;
  photo: ReturnType<typeof useProfilePhoto>;
  displayName: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;
  const error = problem ?? upload.error?.message ?? remove.error?.message;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) {
      return;
    }
    const found = await profilePhotoFileProblem(file);
    setProblem(found);
    if (!found) {
      upload.mutate(file);
    }
  };

  return (
    <Stack spacing={1.5} sx={{ mb: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          src={profile.photoURL || undefined}
          alt={profile.photoURL ? 'Your photo' : ''}
          sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 28 }}
        >
          {(displayName || profile.email).charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {displayName || profile.email}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {profile.email}
          </Typography>
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <input
          ref={input}
          type="file"
          accept={PROFILE_PHOTO_TYPES.join(',')}
          hidden
          aria-label="Photo file"
          onChange={(event) => void pick(event)}
        />
        <Button
          variant="outlined"
          size="small"
          startIcon={upload.isPending ? <CircularProgress size={16} color="inherit" /> : <PhotoCameraIcon />}
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {profile.photoURL ? 'Change photo' : 'Upload photo'}
        </Button>
        {profile.photoURL && (
          <Button
            size="small"
            color="inherit"
            startIcon={<DeleteOutlineIcon />}
            disabled={busy}
            onClick={() => {
              setProblem(null);
              remove.mutate();
            }}
          >
            Remove
          </Button>
        )}
        <Typography variant="caption" color="text.secondary">
          PNG, JPEG or WebP, up to {PROFILE_PHOTO_MAX_BYTES / 1024 / 1024} MB.
        </Typography>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
