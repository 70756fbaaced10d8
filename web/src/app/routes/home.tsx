import { PageTitle } from '../../components/page-title';
import { CategoryGrid } from '../../features/home/components/category-grid';
import { CategorySidebar } from '../../features/home/components/category-sidebar';
import { HeroCarousel } from '../../features/home/components/hero-carousel';
import { ProductSectionPlaceholder } from '../../features/home/components/product-section-placeholder';
import { ShopBenefits } from '../../features/home/components/shop-benefits';

export default function HomePage() {
  return (
    <div className="container home">
      <PageTitle title="Online Shopping for Fashion, Home, Beauty & More" />
      <h1 className="sr-only">ShopKart: online shopping for fashion, home, beauty and more</h1>
      <div className="home-top">
        <CategorySidebar />
        <div className="home-top__main">
          <HeroCarousel />
          <ShopBenefits />
        </div>
      </div>
      <CategoryGrid />
      <ProductSectionPlaceholder title="Popular" tag="popular" count={4} />
      <ProductSectionPlaceholder title="Trending Now" tag="trending" count={6} />
      <ProductSectionPlaceholder title="Best Deals" tag="bestDeals" count={4} />
    </div>
  );
}
