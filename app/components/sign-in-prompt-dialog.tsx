import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";

type SignInPromptDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; returnTo: string };

/** Asks a visitor who tried to bookmark a name to sign in first (loaded on demand by BookmarkToggle). */
export function SignInPromptDialog({ open, onOpenChange, returnTo }: SignInPromptDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Logga in för att bevaka domäner</DialogTitle>
          <DialogDescription>Du behöver logga in för att kunna bevaka domäner. De du bevakar samlas under Mina bokmärken.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Avbryt</Button>
          </DialogClose>
          <Button asChild>
            <Link to={`/auth?redirectTo=${encodeURIComponent(returnTo)}`}>Logga in</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
