/// A page strategy that can ask for any page by its index (`PageAddressable`), not only
/// the one after the last. A strategy that only knows a `next` link does not conform, and
/// its list stays sequential.
public protocol AddressablePageStrategy<Item>: PageStrategy, PageAddressable {}
