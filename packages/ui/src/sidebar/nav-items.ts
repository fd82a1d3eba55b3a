import type { LucideIcon } from 'lucide-react';

/**
 * One sidebar entry. The app decides which entries a person sees, in what order, and which one is active
 * (product rules: @farol/data's route table); the kit only draws them.
 */
export interface NavItem {
  id: string;
  label: string;
  href: string;
  icon: LucideIcon;
  /** The entry of the current page: highlighted and marked `aria-current="page"`. */
  active?: boolean;
}

/** Who is signed in, at the sidebar's foot. */
export interface SidebarUser {
  name: string;
  /** Shown under the name as given (e.g. 'Administrador'). */
  role: string;
  avatarUrl?: string | null;
}
