/** What a dialog is given by the screen that opens it. */
export interface DialogProps {
  open: boolean;
  onClose: () => void;
}
