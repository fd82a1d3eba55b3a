export { Tabs, TabsList, TabsTrigger, TabsContent, tabsListVariants, tabsTriggerVariants } from './tabs';
export type { TabsProps, TabsListProps, TabsTriggerProps } from './tabs';
