import { Button } from "~/components/ui/button";
import { DialogClose, DialogFooter } from "~/components/ui/dialog";

/** "Cancel" and the submit button, which shows its pending text ("Saving...") while the form is sent. */
export function DialogFormFooter({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </DialogFooter>
  );
}
