/** The planner's editing buttons (core route editor): undo, redo, close loop, out-and-back, reverse, clear, and GPX import. */
import ClearIcon from '@mui/icons-material/DeleteSweep';
import LoopIcon from '@mui/icons-material/Loop';
import RedoIcon from '@mui/icons-material/Redo';
import OutAndBackIcon from '@mui/icons-material/SettingsBackupRestore';
import ReverseIcon from '@mui/icons-material/SwapHoriz';
import UndoIcon from '@mui/icons-material/Undo';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, Stack } from '@mui/material';
import type { ReactElement } from 'react';
import { canRedo, canUndo, type RouteEditorAction, type RouteEditorState } from '../../../core/routes/route-editor.ts';

interface Tool {
  label: string;
  icon: ReactElement;
  action: RouteEditorAction;
  enabled: boolean;
}

export function PlannerToolbar({
  state,
  dispatch,
  onImport,
}: {
  state: RouteEditorState;
  dispatch: (action: RouteEditorAction) => void;
  onImport: (file: File) => void;
}) {
  const twoPoints = state.waypoints.length >= 2;
  const tools: Tool[] = [
    { label: 'Undo', icon: <UndoIcon />, action: { type: 'undo' }, enabled: canUndo(state) },
    { label: 'Redo', icon: <RedoIcon />, action: { type: 'redo' }, enabled: canRedo(state) },
    { label: 'Close loop', icon: <LoopIcon />, action: { type: 'closeLoop' }, enabled: twoPoints },
    { label: 'Out and back', icon: <OutAndBackIcon />, action: { type: 'outAndBack' }, enabled: twoPoints },
    { label: 'Reverse', icon: <ReverseIcon />, action: { type: 'reverse' }, enabled: twoPoints },
    { label: 'Clear', icon: <ClearIcon />, action: { type: 'clear' }, enabled: state.waypoints.length > 0 },
  ];
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }} role="toolbar" aria-label="Route tools">
      {tools.map((tool) => (
        <Button
          key={tool.label}
          variant="outlined"
          color="inherit"
          startIcon={tool.icon}
          disabled={!tool.enabled}
          onClick={() => dispatch(tool.action)}
          sx={{ minHeight: 44, borderColor: 'divider' }}
        >
          {tool.label}
        </Button>
      ))}
      <Button
        component="label"
        variant="outlined"
        color="inherit"
        startIcon={<UploadFileIcon />}
        sx={{ minHeight: 44, borderColor: 'divider' }}
      >
        Import GPX
        <input
          hidden
          type="file"
          accept=".gpx,application/gpx+xml"
          aria-label="GPX file to import"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) {
              onImport(file);
            }
          }}
        />
      </Button>
    </Stack>
  );
}
