export {
  Card,
  CardHeader,
  CardTitle,
  CardDescription,
  CardAction,
  CardContent,
  CardFooter,
  cardVariants,
} from './card';
export type { CardProps, CardTitleProps } from './card';
