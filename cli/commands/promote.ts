import { setUserRole } from "~/server/users/set-user-role.server";
import { CommandLineError, defineCommand } from "~cli/command";
import { withCliDatabase } from "~cli/open-cli-database";

function roleCommand(name: string, role: "admin" | "user", description: string) {
  return defineCommand({
    name,
    arguments: ["<email>"],
    description,
    async run({ positionals: [email] }) {
      if (!email) throw new CommandLineError("Give the user's e-mail address.");
      const result = await withCliDatabase((handle) => setUserRole(handle.db, email, role));
      if (!result.ok) {
        console.error(
          result.reason === "not-found"
            ? `No user with the e-mail address ${email}. Sign up on the site first.`
            : `Refused: ${email} is the last administrator who can sign in. Make another administrator first (npm run cli -- promote <email>).`,
        );
        return 1;
      }
      console.log(role === "admin" ? `${email} is now an administrator.` : `${email} is no longer an administrator.`);
    },
  });
}

export const promoteCommand = roleCommand("promote", "admin", "Make a signed-up user an administrator.");
export const demoteCommand = roleCommand("demote", "user", "Take the administrator role from a user (never from the last one who can sign in).");
