import FSFind
print(AttributeRegistry.all.count)
